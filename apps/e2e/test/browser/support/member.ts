import { ApiClient, newAccount } from '../../support/api-client';

/** A registered account, and an API client signed in as it. */
export interface Member {
  api: ApiClient;
  id: string;
  username: string;
  displayName: string;
}

/** Registers a new account through the gateway (a display name of the test's choosing, if given). */
export async function registerMember(
  gatewayUrl: string,
  prefix: string,
  displayName?: string,
): Promise<Member> {
  const api = new ApiClient(gatewayUrl);
  const account = { ...newAccount(prefix), ...(displayName ? { displayName } : {}) };
  const response = await api.post<{ id: string }>('/api/register', account);
  expect(response.status).toBe(201);
  return {
    api,
    id: response.body.id,
    username: account.username,
    displayName: account.displayName,
  };
}
