/**
 * The rows a `DELETE … RETURNING` gave back. TypeORM answers DELETE and UPDATE
 * queries with `[rows, rowCount]` rather than the rows alone.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && typeof result[1] === 'number') {
    return (Array.isArray(result[0]) ? result[0] : []) as T[];
  }
  return result as T[];
}
