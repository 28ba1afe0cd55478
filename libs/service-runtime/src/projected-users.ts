/**
 * For seed commands: waits until every username has reached the service's
 * projection of users (identity's events arrive a moment after its own seed),
 * and returns their ids, or null when some did not arrive in time.
 */
export async function awaitProjectedUsers(
  usernames: readonly string[],
  find: (username: string) => Promise<{ id: string } | null>,
  timeoutMs = 20_000,
): Promise<Map<string, string> | null> {
  const wanted = [...new Set(usernames)];
  const ids = new Map<string, string>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const username of wanted) {
      const user = ids.has(username) ? null : await find(username);
      if (user) ids.set(username, user.id);
    }
    if (ids.size === wanted.length) return ids;
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
