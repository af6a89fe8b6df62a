import { ErrorCode, ssoJwtClaimsSchema, type SsoTokenAnswer } from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import { digestToken } from '../../platform/auth/opaque-token.ts';
import { verifyHsJwt, type HsAlgorithm } from '../../platform/crypto/hs-jwt.ts';
import { standingError } from '../../platform/member-scope/member-scope.ts';
import { findAccessTokenFamily } from '../auth/token.repository.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { createMemberAccountsService } from '../member-people/member-accounts.service.ts';
import { liveMemberByExtId, liveMemberById } from '../users/member-account-rows.repository.ts';
import { memberStanding } from '../user-moderation/user-moderation.repository.ts';
import { recordSsoFamily } from './member-account-codes.repository.ts';
import { ensureMemberClient, recordMemberLogin } from './member-auth.repository.ts';
import type { MemberAccountDeps } from './member-account.service.ts';

const INVALID_SSO_TOKEN = 'The single sign-on token is invalid or has expired.';

/**
 * Single sign-on into the member site from an owner's own app (issue 18 §2): the app signs a short JWT
 * with the community's JWT key (Integrations › API), the site trades it here for a member sign-in of
 * this community. The person is matched by `user_id`, else by `ext_id`; an unknown `ext_id` becomes a
 * new member (as the admins' `sso/signup/` makes them). Such a sign-in never opens a console session
 * (ADR 0010): the JWT proves the signer holds the key, not that the member is present.
 */
export function createMemberSsoService(deps: MemberAccountDeps) {
  const { db, clock } = deps;
  const preferences = createDynamicPreferencesService(deps);
  const accounts = createMemberAccountsService(deps);
  const invalid = () => AppError.of(401, ErrorCode.invalidToken, INVALID_SSO_TOKEN, 'token');

  async function claimsOf(stackId: number, jwt: string) {
    const secret = await preferences.jwtSecret(stackId);
    if (!secret) throw invalid();
    const algorithm = String((await preferences.get(stackId, 'jwt_algorithm')).value) as HsAlgorithm;
    const parsed = ssoJwtClaimsSchema.safeParse(verifyHsJwt(jwt, secret, [algorithm]));
    if (!parsed.success) throw invalid();
    if (parsed.data.exp <= Math.floor(clock.now().getTime() / 1000)) throw invalid();
    return parsed.data;
  }

  return {
    async exchange(stackId: number, jwt: string): Promise<SsoTokenAnswer> {
      const claims = await claimsOf(stackId, jwt);
      const extId = claims.ext_id === undefined ? undefined : String(claims.ext_id).trim();
      let member =
        claims.user_id !== undefined
          ? await liveMemberById(db, stackId, claims.user_id)
          : await liveMemberByExtId(db, stackId, extId as string);
      // A user_id that names nobody, or an ext_id that names someone else, identifies nobody here.
      if (claims.user_id !== undefined && (!member || (extId !== undefined && member.ext_id !== extId)))
        throw invalid();
      let created = false;
      if (!member) {
        const made = await accounts.ssoSignUp(stackId, {
          ext_id: extId ?? null,
          username: claims.username ?? '',
          email: claims.email ?? '',
          real_name: claims.real_name ?? '',
          ...(claims.language ? { language: claims.language } : {}),
        });
        member = await liveMemberById(db, stackId, made.id);
        if (!member) throw invalid();
        created = true;
      }
      const standing = await memberStanding(db, stackId, member.id, clock.now());
      const refused = standing ? standingError(standing.standing, standing.banUntil) : undefined;
      if (!standing || (refused && refused.statusCode === 401)) throw invalid();
      if (refused) throw refused;
      const now = clock.now();
      const token = await deps.tokens.issueForMember(
        stackId,
        member.id,
        await ensureMemberClient(db, stackId),
      );
      const family = await findAccessTokenFamily(db, digestToken(token.access_token));
      if (family) await recordSsoFamily(db, stackId, family.family_id, now);
      await recordMemberLogin(db, stackId, member.id, now);
      return { token, user: { id: member.id, username: member.username, ext_id: member.ext_id }, created };
    },
  };
}

export type MemberSsoService = ReturnType<typeof createMemberSsoService>;
