import type { PlatformDeps } from '../platform-deps.ts';
import type { MemberAuthService } from '../../modules/member-auth/member-auth.service.ts';
import type { TokenService } from '../../modules/auth/token.service.ts';

/** What the member API's modules get: the platform plus member sign-in and tokens. */
export interface MemberApiDeps extends PlatformDeps {
  memberAuth: MemberAuthService;
  tokens: TokenService;
}
