import { consoleCall, startCompatServer, type CompatServer } from './compat-server.ts';
import { sdk } from './sdk.ts';

/** The SDK pointed at a fresh real server's demo community, able to act as its admin or any member. */
export interface SdkSession {
  server: CompatServer;
  /** The SDK acts as this member from now on, with a token signed by the community's JWT key. */
  as(userId: number, valid?: string): Promise<void>;
  /** The SDK acts as the demo admin from now on. */
  asAdmin(): void;
  /** Signs out the SDK and stops the server. */
  close(): Promise<void>;
}

/**
 * Starts the server, points the SDK at the demo community and refreshes its JWT key (spec mgmt §7
 * `configuration/jwt/refresh_secret/`), so that tests sign members in the way an integrator does.
 */
export async function startSdkSession(): Promise<SdkSession> {
  const server = await startCompatServer();
  sdk.http.setBasePortal(`${server.url}/c/demo`);
  const key = await consoleCall(server, 'POST', '/configuration/jwt/refresh_secret/');
  const jwtKey = (key.data as { jwt_secret_key: string }).jwt_secret_key;
  return {
    server,
    as: async (userId, valid = '2h') =>
      sdk.http.setAuthorizeToken(await sdk.generateJWTToken(userId, jwtKey, valid)),
    asAdmin: () => sdk.http.setAuthorizeToken(server.adminToken),
    async close() {
      sdk.http.setAuthorizeToken();
      await server.close();
    },
  };
}
