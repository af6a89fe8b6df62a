import { createRequire } from 'node:module';

/**
 * The published SelfCommunity SDK (`@selfcommunity/api-services`), loaded as CommonJS: its ESM build
 * uses directory imports that plain Node refuses. Typed here only as far as these tests use it.
 */
type Id = number | string;
interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
type Obj = Record<string, unknown>;
type Config = { headers?: Record<string, string> };

export interface SelfCommunitySdk {
  http: {
    setBasePortal(url: string): void;
    setAuthorizeToken(token?: string): void;
  };
  generateJWTToken(userId: number, secretKey: string, expirationTime?: string): Promise<string>;
  formatHttpErrorCode(error: unknown): Obj;
  SSOService: {
    SignIn(
      config?: Config,
    ): Promise<{ id: number; username: string; role: string | null; tags: number[] | null }>;
    SignUp(data: Obj, config?: Config): Promise<{ id: number; username: string; role: string | null }>;
  };
  AccountService: { create(data: Obj, config?: Config): Promise<Obj> };
  InviteService: { getSpecificInvite(code: string, config?: Config): Promise<Obj> };
  FeedObjectService: {
    createFeedObject(type: string, data: Obj, config?: Config): Promise<{ id: number } & Obj>;
    getSpecificFeedObject(type: string, id: Id, config?: Config): Promise<{ id: number } & Obj>;
    flagFeedObject(type: string, id: Id, flagType: number, config?: Config): Promise<unknown>;
    voteFeedObject(type: string, id: Id, reaction?: number, config?: Config): Promise<unknown>;
    feedObjectVotes(type: string, id: Id, params?: Obj, config?: Config): Promise<Page<Obj>>;
  };
  ReactionService: {
    getAllReactions(params?: Obj, config?: Config): Promise<Page<{ id: number; label: string } & Obj>>;
    getSpecificReaction(id: Id, config?: Config): Promise<{ id: number; label: string } & Obj>;
  };
  LegalPageService: {
    getLegalPages(params?: Obj, config?: Config): Promise<Page<{ id: number; slug: string } & Obj>>;
    getLastRevisionOfLegalPage(
      policy: string,
      config?: Config,
    ): Promise<{ id: number; ack: Obj | null } & Obj>;
    ackLegalPage(id: Id, accept?: number, config?: Config): Promise<{ accepted_at: string | null } & Obj>;
    getSpecificUserAck(id: Id, config?: Config): Promise<{ custom_page: number } & Obj>;
    userAckList(config?: Config): Promise<({ custom_page: number } & Obj)[]>;
  };
  CustomMenuService: {
    getAllCustomMenus(params?: Obj, config?: Config): Promise<Page<{ id: number; name: string } & Obj>>;
    getASpecificCustomMenu(id: Id, config?: Config): Promise<{ id: number; items: Obj[] } & Obj>;
    searchCustomMenus(params?: Obj, config?: Config): Promise<Page<{ id: number; name: string } & Obj>>;
  };
  CustomPageService: {
    getAllCustomPages(params?: Obj, config?: Config): Promise<Page<{ id: number; slug: string } & Obj>>;
    searchCustomPages(params?: Obj, config?: Config): Promise<Page<{ id: number; slug: string } & Obj>>;
    getASpecificCustomPage(id: Id, config?: Config): Promise<{ id: number; slug: string } & Obj>;
  };
  CommentService: { createComment(data: Obj, config?: Config): Promise<{ id: number } & Obj> };
  ModerationService: {
    getAllFlaggedContributions(params?: Obj, config?: Config): Promise<Page<Obj>>;
    getAllFlagsForSpecificContribution(
      id: Id,
      type: string,
      flagType?: number,
      config?: Config,
    ): Promise<Page<Obj>>;
    moderateAContribution(id: Id, data: Obj, config?: Config): Promise<unknown>;
    getContributionModerationStatus(id: Id, type: string, config?: Config): Promise<{ status: string } & Obj>;
    getUsersForModeration(params?: Obj, config?: Config): Promise<Page<Obj>>;
    moderateASpecificUser(
      id: Id,
      status: string,
      daysBlocked?: string,
      hard?: number,
      config?: Config,
    ): Promise<unknown>;
  };
  TagService: {
    createTag(data: Obj, config?: Config): Promise<{ id: number; name: string } & Obj>;
    patchTag(id: Id, data: Obj, config?: Config): Promise<Obj>;
    assignATag(id: Id, user?: number, category?: number, config?: Config): Promise<unknown>;
    getAllTags(params?: Obj, config?: Config): Promise<Page<Obj>>;
  };
  PreferenceService: {
    getAllPreferences(config?: Config): Promise<Page<{ name: string; section: string; value: unknown }>>;
    searchPreferences(
      search?: string,
      section?: string,
      keys?: string,
      ordering?: string,
    ): Promise<Page<{ name: string; value: unknown }>>;
    updatePreferences(data: Obj, config?: Config): Promise<Record<string, { value: unknown }>>;
  };
  FeatureService: {
    getAllFeatures(params?: Obj, config?: Config): Promise<Page<{ name: string; enabled: boolean }>>;
  };
  CategoryService: {
    getAllCategories(params?: Obj, config?: Config): Promise<Page<Obj>>;
    searchCategory(params?: Obj, config?: Config): Promise<Page<Obj>>;
    createCategory(data: Obj, config?: Config): Promise<{ id: number; name: string } & Obj>;
    getSpecificCategory(id: Id, config?: Config): Promise<{ id: number; name: string } & Obj>;
    patchASpecificCategory(id: Id, data: Obj, config?: Config): Promise<{ id: number } & Obj>;
    followCategory(id: Id, config?: Config): Promise<unknown>;
    checkCategoryIsFollowed(id: Id, config?: Config): Promise<{ is_followed: boolean }>;
    getCategoryFollowers(id: Id, params?: Obj, config?: Config): Promise<Page<{ id: number } & Obj>>;
    getCategoryFeed(id: Id, params?: Obj, config?: Config): Promise<Page<{ type: string } & Obj>>;
  };
}

export const sdk = createRequire(import.meta.url)('@selfcommunity/api-services') as SelfCommunitySdk;

/** The HTTP status of a rejected SDK call (the SDK rejects with the raw AxiosError). */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { response?: { status: number } }).response?.status ?? -1;
  }
}
