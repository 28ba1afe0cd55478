/**
 * Just enough of Kubernetes' NetworkPolicy semantics for the tests to ask whether a
 * connection is allowed: a pod is isolated in a direction once a policy of its namespace
 * selects it for that direction, and then takes (or opens) only the connections some rule of
 * those policies allows; a connection needs both the source's egress and the destination's
 * ingress. Pods outside every policy, and addresses outside the cluster, are open.
 * ipBlock rules match addresses outside the cluster only (what CNIs do with pod addresses
 * varies), so a test that needs a rule to reach a pod must name the pod.
 */
import { BlockList, isIPv6 } from 'node:net';

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export interface PolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}

export interface PolicyPort {
  port?: number | string;
  endPort?: number;
  protocol?: string;
}

export interface NetworkPolicyRule {
  from?: PolicyPeer[];
  to?: PolicyPeer[];
  ports?: PolicyPort[];
}

export interface NetworkPolicy {
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: {
    podSelector: LabelSelector;
    policyTypes?: string[];
    ingress?: NetworkPolicyRule[];
    egress?: NetworkPolicyRule[];
  };
}

export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: string;
}

/** A pod: where it runs, its labels and the ports its containers declare. */
export interface Pod {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  ports: ContainerPort[];
}

/** Something outside the cluster, at an IP address, listening on these ports. */
export interface Address {
  name: string;
  ip: string;
  ports: ContainerPort[];
}

export type Endpoint = Pod | Address;

const isPod = (endpoint: Endpoint): endpoint is Pod => 'namespace' in endpoint;

/** The label every namespace carries (Kubernetes 1.21 and later): its name. */
const namespaceLabels = (namespace: string) => ({ 'kubernetes.io/metadata.name': namespace });

/** Whether a label selector selects these labels; `{}` selects everything. */
export function selectsLabels(selector: LabelSelector, labels: Record<string, string>): boolean {
  const matchLabels = Object.entries(selector.matchLabels ?? {}).every(
    ([key, value]) => labels[key] === value,
  );
  const matchExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values }) => {
    switch (operator) {
      case 'In':
        return key in labels && (values ?? []).includes(labels[key]!);
      case 'NotIn':
        return !(key in labels) || !(values ?? []).includes(labels[key]!);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
      default:
        throw new Error(`unknown selector operator ${operator}`);
    }
  });
  return matchLabels && matchExpressions;
}

/** Whether an address is in a CIDR block and none of its exceptions, in its own family. */
function inBlock(ip: string, { cidr, except = [] }: { cidr: string; except?: string[] }): boolean {
  const family = (address: string) => (isIPv6(address) ? 'ipv6' : 'ipv4');
  // BlockList would also find an IPv4 address in an IPv6 block (as ::ffff:a.b.c.d).
  const contains = (block: string) => {
    const [network, prefix] = block.split('/');
    if (family(network!) !== family(ip)) return false;
    const list = new BlockList();
    list.addSubnet(network!, Number(prefix), family(network!));
    return list.check(ip, family(ip));
  };
  return contains(cidr) && !except.some(contains);
}

/** Whether a peer of a rule (of a policy in `namespace`) names this endpoint. */
function peerMatches(peer: PolicyPeer, namespace: string, endpoint: Endpoint): boolean {
  if (peer.ipBlock) return !isPod(endpoint) && inBlock(endpoint.ip, peer.ipBlock);
  if (!isPod(endpoint)) return false;
  const inNamespace = peer.namespaceSelector
    ? selectsLabels(peer.namespaceSelector, namespaceLabels(endpoint.namespace))
    : endpoint.namespace === namespace;
  return inNamespace && selectsLabels(peer.podSelector ?? {}, endpoint.labels);
}

/** Whether a rule's ports take this port of the destination (a named port is the destination's). */
function portMatches(
  ports: PolicyPort[] | undefined,
  destination: Endpoint,
  port: number,
  protocol: string,
): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((rule) => {
    if ((rule.protocol ?? 'TCP') !== protocol) return false;
    if (rule.port === undefined) return true;
    if (typeof rule.port === 'number') {
      return rule.endPort === undefined
        ? rule.port === port
        : port >= rule.port && port <= rule.endPort;
    }
    return destination.ports.some(
      ({ name, containerPort, protocol: declared }) =>
        name === rule.port && containerPort === port && (declared ?? 'TCP') === protocol,
    );
  });
}

const policyTypesOf = ({ spec }: NetworkPolicy): string[] =>
  spec.policyTypes ?? ['Ingress', ...(spec.egress ? ['Egress'] : [])];

/** The policies that select a pod for a direction ('Ingress' or 'Egress'). */
export const policiesSelecting = (
  policies: NetworkPolicy[],
  pod: Pod,
  direction: 'Ingress' | 'Egress',
): NetworkPolicy[] =>
  policies.filter(
    (policy) =>
      (policy.metadata.namespace ?? 'default') === pod.namespace &&
      policyTypesOf(policy).includes(direction) &&
      selectsLabels(policy.spec.podSelector, pod.labels),
  );

/**
 * Whether a pod's policies for one direction let a connection through: none selects it, or
 * a rule of one of them names the peer (the other end) and the destination's port.
 */
function admits(
  policies: NetworkPolicy[],
  pod: Pod,
  direction: 'Ingress' | 'Egress',
  peer: Endpoint,
  destination: Endpoint,
  port: number,
  protocol: string,
): boolean {
  const selecting = policiesSelecting(policies, pod, direction);
  return (
    selecting.length === 0 ||
    selecting.some((policy) =>
      ((direction === 'Ingress' ? policy.spec.ingress : policy.spec.egress) ?? []).some((rule) => {
        const peers = direction === 'Ingress' ? rule.from : rule.to;
        const named =
          !peers ||
          peers.length === 0 ||
          peers.some((candidate) => peerMatches(candidate, pod.namespace, peer));
        return named && portMatches(rule.ports, destination, port, protocol);
      }),
    )
  );
}

/** Whether the policies let `source` open a connection to `destination` on a port. */
export const allows = (
  policies: NetworkPolicy[],
  source: Endpoint,
  destination: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean =>
  (!isPod(source) ||
    admits(policies, source, 'Egress', destination, destination, port, protocol)) &&
  (!isPod(destination) ||
    admits(policies, destination, 'Ingress', source, destination, port, protocol));
