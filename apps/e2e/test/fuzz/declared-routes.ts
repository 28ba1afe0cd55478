import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '../../../..');
const HTTP_DECORATORS = new Map([
  ['Get', 'GET'],
  ['Post', 'POST'],
  ['Put', 'PUT'],
  ['Delete', 'DELETE'],
  ['Patch', 'PATCH'],
  ['Options', 'OPTIONS'],
  ['Head', 'HEAD'],
  ['All', 'ALL'],
]);

export interface DeclaredRoute {
  method: string;
  path: string;
  /** Where it is declared, for the failure message. */
  source: string;
}

/**
 * The routes the services' controllers declare, read from their source with
 * the TypeScript parser (the same decorators Nest reads at start-up). A route
 * argument that is not a string literal fails loudly rather than being missed.
 */
export function declaredRoutes(): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const file of controllerFiles()) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      const controller = decoratorCall(statement, 'Controller');
      if (!controller) continue;
      const prefix = literalArgument(controller, file);
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member)) continue;
        for (const [decorator, method] of HTTP_DECORATORS) {
          const call = decoratorCall(member, decorator);
          if (!call) continue;
          const path = `/${[prefix, literalArgument(call, file)].filter(Boolean).join('/')}`;
          const { line } = source.getLineAndCharacterOfPosition(member.getStart());
          routes.push({ method, path, source: `${relative(ROOT, file)}:${line + 1}` });
        }
      }
    }
  }
  return routes;
}

function controllerFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.controller.ts')) files.push(path);
    }
  };
  for (const app of readdirSync(join(ROOT, 'apps'))) {
    if (app === 'web' || app === 'e2e') continue;
    walk(join(ROOT, 'apps', app, 'src'));
  }
  return files;
}

function decoratorCall(node: ts.HasDecorators, name: string): ts.CallExpression | null {
  for (const decorator of ts.getDecorators(node) ?? []) {
    const expression = decorator.expression;
    if (
      ts.isCallExpression(expression) &&
      ts.isIdentifier(expression.expression) &&
      expression.expression.text === name
    ) {
      return expression;
    }
  }
  return null;
}

function literalArgument(call: ts.CallExpression, file: string): string {
  const [first] = call.arguments;
  if (first === undefined) return '';
  if (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) return first.text;
  throw new Error(`${file}: a route path that is not a string literal (${first.getText()})`);
}

const ROUTE_TABLE = join(ROOT, 'apps/gateway/src/routing/route-table.ts');

/** The gateway's routing: the patterns of `ROUTES` and the paths of `GATEWAY_ROUTES`. */
export interface GatewayRouteTable {
  /** Each rule's pattern, as the gateway tests it, with its source text for messages. */
  patterns: { source: string; regex: RegExp }[];
  /** Paths the gateway answers itself. */
  ownPaths: string[];
}

/**
 * The gateway's route table, read from its source with the TypeScript parser
 * (the e2e project may not import the gateway app): the regular expressions in
 * `ROUTES` and the strings in `GATEWAY_ROUTES`.
 */
export function gatewayRouteTable(): GatewayRouteTable {
  const source = ts.createSourceFile(
    ROUTE_TABLE,
    readFileSync(ROUTE_TABLE, 'utf8'),
    ts.ScriptTarget.ES2022,
    true,
  );
  const table: GatewayRouteTable = { patterns: [], ownPaths: [] };
  const collect = (node: ts.Node, into: (node: ts.Node) => void): void => {
    into(node);
    ts.forEachChild(node, (child) => collect(child, into));
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      if (declaration.name.text === 'ROUTES') {
        collect(declaration.initializer, (node) => {
          if (!ts.isRegularExpressionLiteral(node)) return;
          const text = node.text;
          const end = text.lastIndexOf('/');
          table.patterns.push({
            source: text,
            regex: new RegExp(text.slice(1, end), text.slice(end + 1)),
          });
        });
      } else if (declaration.name.text === 'GATEWAY_ROUTES') {
        collect(declaration.initializer, (node) => {
          if (ts.isStringLiteral(node)) table.ownPaths.push(node.text);
        });
      }
    }
  }
  return table;
}
