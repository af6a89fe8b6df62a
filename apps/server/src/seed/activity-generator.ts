import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { createRng, cumulate, type Rng } from './prng.ts';
import { ActivityWriter, CountingSink, type ActivitySink, type ActivityTable } from './activity-writer.ts';
import '../modules/activity/activity.tables.ts';
import '../modules/categories/categories.tables.ts';

/**
 * Deterministic, realistic activity for one community (the tables of migration 0006), for the demo
 * community, the analytics benchmark and tests. The same options (seed included) on the same database
 * state always produce the same rows.
 *
 * The model, day by day over [endDate - days, endDate):
 * - members register along an S-curve (slow start, acceleration, saturation) with weekly seasonality;
 *   ids ascend with the registration time; each has a heavy-tailed (Pareto) activity weight, so a
 *   few members write most of the content, and a lifetime after which they stop coming (churn:
 *   many leave within days, some stay for the whole period);
 * - on each day an active member logs in with a probability growing with the weight and multiplied
 *   by the weekday factor (weekday peaks, weekend dips); everything else happens in that session:
 *   views, appreciations (votes on contributions and comments, credited to their authors), comments
 *   (a quarter are replies), contributions of the four types in 8–15 categories (polls with 2–5
 *   choices, some multiple-choice, voted on by their viewers), shares, private messages, uploads,
 *   follows and connections (mutual, stored once with user_a < user_b);
 * - interests are picked on registration (and rarely later); a few members get user tags;
 * - community_users.last_login is the latest login generated; score sums the member's activity.
 * Content a member reacts to is at least a day old, so no reaction precedes its target.
 */
export interface GenerateActivityOptions {
  /** Members to create (role NULL). */
  users: number;
  /** Length of the period in days; it ends at endDate. */
  days: number;
  /** PRNG seed. */
  seed: number;
  /** End of the period (exclusive); default now. */
  endDate?: Date;
  /** Rows per INSERT statement (default 20 000). */
  batchSize?: number;
  /** Called after each simulated day. */
  onProgress?: (day: number, days: number, rows: number) => void;
}

export interface GenerateActivityResult {
  counts: Record<ActivityTable, number>;
  /** Every row written, all tables together. */
  rows: number;
  /** Events (rows other than members, categories, tags). */
  events: number;
  start: Date;
  end: Date;
  ms: number;
}

const DAY = 86_400_000;
const MAX_USERS = 2_000_000;
/** Sun..Sat multipliers of the daily login probability (and of registrations). */
const WEEKDAY = [0.55, 1.05, 1.12, 1.12, 1.08, 0.97, 0.6];
/** Relative activity per hour of the day (UTC is taken as the community's time). */
const HOURS = cumulate([
  0.25, 0.12, 0.06, 0.05, 0.05, 0.1, 0.3, 0.65, 1.0, 1.2, 1.2, 1.1, 1.05, 1.0, 1.0, 1.0, 1.05, 1.1, 1.2, 1.35,
  1.45, 1.3, 0.9, 0.5,
]);

const CATEGORY_NAMES = [
  'General',
  'Announcements',
  'Help & Support',
  'Ideas',
  'Events',
  'Introductions',
  'Tutorials',
  'Showcase',
  'Feedback',
  'Off-topic',
  'News',
  'Jobs',
  'Local groups',
  'Marketplace',
  'Research',
];
const USER_TAGS = [
  { name: 'Early adopter', color: '#2E7D32', description: 'Joined in the first weeks' },
  { name: 'Top contributor', color: '#1565C0', description: 'Among the most active authors' },
  { name: 'Ambassador', color: '#AD1457', description: 'Helps newcomers' },
  { name: 'Expert', color: '#EF6C00', description: 'Recognised expertise' },
];
const FIRST_NAMES = [
  'Alice', 'Marco', 'Giulia', 'Luca', 'Sofia', 'Matteo', 'Emma', 'Leonardo', 'Aurora', 'Francesco',
  'Chiara', 'Alessandro', 'Sara', 'Lorenzo', 'Martina', 'Davide', 'Elena', 'Andrea', 'Anna', 'Paolo',
  'Olivia', 'James', 'Noah', 'Mia', 'Liam', 'Ava', 'Ethan', 'Isabella', 'Lucas', 'Amelia', 'Hugo',
  'Chloe', 'Mateo', 'Lea', 'Jonas', 'Nora', 'Samuel', 'Ines', 'Tomas', 'Hanna',
]; // prettier-ignore
const LAST_NAMES = [
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
  'Bruno', 'Gallo', 'Conti', 'De Luca', 'Costa', 'Smith', 'Johnson', 'Brown', 'Taylor', 'Wilson',
  'Martin', 'Bernard', 'Dubois', 'Moreau', 'Garcia', 'Lopez', 'Muller', 'Schmidt', 'Novak', 'Jensen',
]; // prettier-ignore
const TITLE_OPENERS = [
  'How do I',
  'Tips to',
  'Why does nobody',
  'Best way to',
  'Ideas to',
  'Who wants to',
  'Can we',
];
const TITLE_TOPICS = [
  'organise the next meetup', 'improve onboarding', 'share photos from the event', 'set up notifications',
  'find a mentor', 'write better posts', 'plan the summer workshop', 'translate the guides',
  'start a local group', 'report a bug', 'welcome new members', 'choose the next topic',
]; // prettier-ignore
const STATUSES = [
  'Just joined!',
  'Working on something new',
  'Great session today',
  'Back from holidays',
  'Thanks everyone',
];
const COMMENTS = [
  'Great idea!',
  'Thanks for sharing.',
  'I agree.',
  'Could you explain more?',
  'Count me in.',
  'Interesting point.',
  'Same here.',
  '+1',
];
const POLL_CHOICES = [
  ['Yes', 'No', 'Not sure'],
  ['Morning', 'Afternoon', 'Evening'],
  ['Online', 'In person'],
  ['Option A', 'Option B', 'Option C', 'Option D'],
  ['Beginner', 'Intermediate', 'Advanced', 'Expert', 'Other'],
];
const NETWORKS = ['internal', 'internal', 'facebook', 'x', 'linkedin', 'whatsapp', 'email'];
const CONTRIBUTION_TYPES = cumulate([0.45, 0.3, 0.17, 0.08]); // post, discussion, status, poll
const TYPE_NAMES = ['post', 'discussion', 'status', 'poll'] as const;
const UPLOAD_KINDS = ['image', 'video', 'document', 'other'] as const;
const UPLOAD_WEIGHTS = cumulate([0.62, 0.1, 0.2, 0.08]);

/** Period bounds for a period of `days` ending at `end` (exclusive): whole UTC days, the last partial. */
export function periodOf(days: number, end: Date): { startMs: number; endMs: number } {
  const endMs = end.getTime();
  const lastDayStart = Math.floor((endMs - 1) / DAY) * DAY;
  return { startMs: lastDayStart - (days - 1) * DAY, endMs };
}

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function timeOfDay(rng: Rng): number {
  return (rng.weighted(HOURS) + rng.next()) * 3_600_000;
}

interface Plan {
  stackId: number;
  users: number;
  days: number;
  startMs: number;
  endMs: number;
  existingUsernames: Set<string>;
  tagIds: number[];
}

/** The simulation proper: deterministic given plan + seed; writes through the sink. */
async function simulate(plan: Plan, seed: number, sink: ActivitySink, options: GenerateActivityOptions) {
  const rng = createRng(seed);
  const { users: N, days, startMs, endMs } = plan;

  // Categories, with a Zipf popularity.
  const categoryCount = 8 + rng.int(8);
  const names = [...CATEGORY_NAMES];
  for (let i = names.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [names[i], names[j]] = [names[j] as string, names[i] as string];
  }
  const categoryIds = await sink.ids('categories', categoryCount);
  for (let k = 0; k < categoryCount; k++) {
    const name = names[k] as string;
    sink.add('categories', [categoryIds[k], name, slugify(name), startMs - (30 - k) * DAY]);
  }
  const categoryPick = cumulate(categoryIds.map((_, k) => 1 / Math.pow(k + 1, 0.9)));

  // Registrations: S-curve plus a floor, times weekday factor; sorted, so ids follow time.
  const dayWeights: number[] = [];
  const midpoint = 0.55 + rng.next() * 0.15;
  const logistic = (x: number) => 1 / (1 + Math.exp(-8 * (x - midpoint)));
  for (let d = 0; d < days; d++) {
    const x0 = d / days;
    const x1 = (d + 1) / days;
    const growth = logistic(x1) - logistic(x0) + 0.15 / days;
    const weekday = new Date(startMs + d * DAY).getUTCDay();
    const partial = Math.min(1, Math.max(0, (endMs - (startMs + d * DAY)) / DAY));
    dayWeights.push(growth * (WEEKDAY[weekday] as number) * partial);
  }
  const dayPick = cumulate(dayWeights);
  const regTimes = new Float64Array(N);
  for (let u = 0; u < N; u++) {
    const d = rng.weighted(dayPick);
    const dayStart = startMs + d * DAY;
    let t = Math.floor(dayStart + timeOfDay(rng));
    if (t >= endMs) t = dayStart + rng.int(Math.max(1, endMs - dayStart));
    regTimes[u] = t;
  }
  regTimes.sort();

  const userIds = await sink.ids('community_users', N);
  const weight = new Float64Array(N);
  const loginP = new Float64Array(N);
  const churnDay = new Int32Array(N);
  const regDay = new Int32Array(N);
  const fromApp = new Uint8Array(N);
  const lastLogin = new Float64Array(N);
  const score = new Int32Array(N);
  const contributionsBy = new Int32Array(N);
  for (let u = 0; u < N; u++) {
    const w = Math.min(300, rng.pareto(1.15));
    weight[u] = w;
    loginP[u] = Math.min(0.85, 0.06 * Math.pow(w, 0.65));
    regDay[u] = Math.floor(((regTimes[u] as number) - startMs) / DAY);
    const r = rng.next();
    const loyal = w > 5 ? 0.35 : 0;
    const lifetime =
      r < 0.35 - loyal
        ? rng.exponential(10)
        : r < 0.75 - loyal / 2
          ? rng.exponential(90)
          : rng.exponential(700);
    churnDay[u] = (regDay[u] as number) + Math.ceil(lifetime);
    const x = (regDay[u] as number) / days;
    fromApp[u] = rng.chance(0.2 + 0.3 * x) ? 1 : 0;
  }

  // Tags of a few members.
  const tagged = new Set<number>();
  const tagUser = (u: number, tag: number) => {
    const key = u * 8 + tag;
    if (tagged.has(key) || plan.tagIds[tag] === undefined) return;
    tagged.add(key);
    sink.add('user_tags', [
      userIds[u],
      plan.tagIds[tag],
      Math.min(endMs - 1, (regTimes[u] as number) + 7 * DAY),
    ]);
  };

  // Content, visible to others from the day after its creation.
  const cId: number[] = [];
  const cAuthor: number[] = [];
  const cDay: number[] = [];
  const cChoices: (readonly string[] | null)[] = [];
  const cMultiple: boolean[] = [];
  const cComments: (number[] | undefined)[] = []; // comment local indexes per contribution (window only)
  const kId: number[] = [];
  const kAuthor: number[] = [];
  let visible = 0; // contributions [windowStart, visible) can be reacted to
  let windowStart = 0;
  let pendingComments: [number, number][] = []; // [contribution, comment] made visible at day end

  const voted = new Set<number>();
  const pollVoted = new Set<number>();
  const connected = new Set<number>();
  const followed = new Set<number>();
  const interested = new Set<number>();
  const partners: (number[] | undefined)[] = new Array(N);
  let idBufC: number[] = [];
  let idBufK: number[] = [];
  const nextContributionId = async () => {
    if (idBufC.length === 0) idBufC = (await sink.ids('contributions', 20000)).reverse();
    return idBufC.pop() as number;
  };
  const nextCommentId = async () => {
    if (idBufK.length === 0) idBufK = (await sink.ids('comments', 20000)).reverse();
    return idBufK.pop() as number;
  };

  let registered = 0; // users [0, registered) have registered
  const active: number[] = [];

  /** Someone among the registered members, skewed towards heavy weights (best of two). */
  const popularUser = (exclude: number): number => {
    const a = rng.int(registered);
    const b = rng.int(registered);
    const u = (weight[a] as number) >= (weight[b] as number) ? a : b;
    return u === exclude ? -1 : u;
  };
  /** A visible contribution, recent and from heavier authors preferred. */
  const pickContribution = (): number => {
    const len = visible - windowStart;
    if (len <= 0) return -1;
    const a = visible - 1 - Math.floor(len * Math.pow(rng.next(), 2));
    const b = visible - 1 - Math.floor(len * Math.pow(rng.next(), 2));
    return (weight[cAuthor[a] as number] as number) >= (weight[cAuthor[b] as number] as number) ? a : b;
  };

  for (let d = 0; d < days; d++) {
    const dayStart = startMs + d * DAY;
    const dayEnd = Math.min(dayStart + DAY, endMs);
    const weekday = WEEKDAY[new Date(dayStart).getUTCDay()] as number;
    while (registered < N && (regDay[registered] as number) <= d) active.push(registered++);
    const clamp = (t: number) => Math.min(Math.floor(t), dayEnd - 1);

    for (let i = 0; i < active.length; i++) {
      const u = active[i] as number;
      if ((churnDay[u] as number) < d) {
        active[i] = active[active.length - 1] as number;
        active.pop();
        i--;
        continue;
      }
      const firstDay = regDay[u] === d;
      let login: number;
      if (firstDay) {
        login = (regTimes[u] as number) + 60_000 + rng.int(600_000);
        if (login >= dayEnd) login = regTimes[u] as number;
      } else {
        if (!rng.chance((loginP[u] as number) * weekday)) continue;
        login = Math.floor(dayStart + timeOfDay(rng));
        if (login >= dayEnd) continue;
      }
      const w = weight[u] as number;
      const uid = userIds[u] as number;
      const app = fromApp[u] === 1;
      const session = (): number => clamp(login + rng.exponential(25 * 60_000));
      sink.add('logins', [uid, login, app === rng.chance(0.8) ? 'app' : 'desktop']);
      if (login > (lastLogin[u] as number)) lastLogin[u] = login;
      if (rng.chance(Math.min(0.4, 0.03 * w))) {
        const again = clamp(login + 2 * 3_600_000 + rng.exponential(3 * 3_600_000));
        if (again > login) {
          sink.add('logins', [uid, again, app === rng.chance(0.8) ? 'app' : 'desktop']);
          if (again > (lastLogin[u] as number)) lastLogin[u] = again;
        }
      }

      if (firstDay) {
        const picks = 1 + rng.int(4);
        for (let k = 0; k < picks; k++) {
          const c = rng.weighted(categoryPick);
          const key = u * 32 + c;
          if (interested.has(key)) continue;
          interested.add(key);
          sink.add('interests', [uid, categoryIds[c], session()]);
        }
        const follows = rng.poisson(1.2);
        for (let k = 0; k < follows; k++) follow(u, session());
      } else if (rng.chance(0.004)) {
        const c = rng.weighted(categoryPick);
        if (!interested.has(u * 32 + c)) {
          interested.add(u * 32 + c);
          sink.add('interests', [uid, categoryIds[c], session()]);
        }
      }

      // Reading: views, poll votes, shares.
      const views = rng.poisson(1.0 * Math.pow(w, 0.3));
      for (let k = 0; k < views; k++) {
        const c = pickContribution();
        if (c < 0) break;
        const t = session();
        sink.add('views', [uid, cId[c], t]);
        const choices = cChoices[c];
        if (choices && cAuthor[c] !== u && rng.chance(0.45)) {
          const key = c * MAX_USERS + u;
          if (!pollVoted.has(key)) {
            pollVoted.add(key);
            const first = rng.int(choices.length);
            sink.add('poll_votes', [cId[c], uid, choices[first], t]);
            if (cMultiple[c] && rng.chance(0.4)) {
              const second = (first + 1 + rng.int(choices.length - 1)) % choices.length;
              sink.add('poll_votes', [cId[c], uid, choices[second], t]);
            }
          }
        }
        if (rng.chance(0.015)) {
          const author = cAuthor[c] as number;
          sink.add('shares', [uid, cId[c], userIds[author], rng.pick(NETWORKS), t]);
          score[author] = (score[author] as number) + 2;
        }
      }

      // Appreciations, on contributions and comments, credited to their authors.
      const votes = rng.poisson(0.45 * Math.pow(w, 0.5));
      for (let k = 0; k < votes; k++) {
        const c = pickContribution();
        if (c < 0) break;
        const comments = cComments[c];
        if (comments && comments.length > 0 && rng.chance(0.3)) {
          const m = comments[rng.int(comments.length)] as number;
          const author = kAuthor[m] as number;
          const key = (m * 2 + 1) * MAX_USERS + u;
          if (author === u || voted.has(key)) continue;
          voted.add(key);
          sink.add('votes', [uid, 'comment', kId[m], userIds[author], cId[c], session()]);
          score[author] = (score[author] as number) + 1;
        } else {
          const author = cAuthor[c] as number;
          const key = c * 2 * MAX_USERS + u;
          if (author === u || voted.has(key)) continue;
          voted.add(key);
          sink.add('votes', [uid, 'contribution', cId[c], userIds[author], cId[c], session()]);
          score[author] = (score[author] as number) + 1;
        }
      }

      // Comments, a quarter of them replies.
      const comments = rng.poisson(0.1 * Math.pow(w, 0.75));
      for (let k = 0; k < comments; k++) {
        const c = pickContribution();
        if (c < 0) break;
        const existing = cComments[c];
        const parent =
          existing && existing.length > 0 && rng.chance(0.25)
            ? kId[existing[rng.int(existing.length)] as number]
            : null;
        const m = kId.length;
        kId.push(await nextCommentId());
        kAuthor.push(u);
        sink.add('comments', [kId[m], cId[c], parent, uid, rng.pick(COMMENTS), session()]);
        pendingComments.push([c, m]);
        score[u] = (score[u] as number) + 3;
      }

      // Contributions: the heavy tail lives here.
      const writes = rng.poisson(0.02 * w);
      for (let k = 0; k < writes; k++) {
        const type = TYPE_NAMES[rng.weighted(CONTRIBUTION_TYPES)] as (typeof TYPE_NAMES)[number];
        const c = cId.length;
        cId.push(await nextContributionId());
        cAuthor.push(u);
        cDay.push(d);
        const choices = type === 'poll' ? rng.pick(POLL_CHOICES) : null;
        const multiple = choices !== null && choices.length > 2 && rng.chance(0.3);
        cChoices.push(choices);
        cMultiple.push(multiple);
        cComments.push(undefined);
        const title =
          type === 'status'
            ? ''
            : type === 'poll'
              ? `Poll: ${rng.pick(TITLE_TOPICS)}?`
              : `${rng.pick(TITLE_OPENERS)} ${rng.pick(TITLE_TOPICS)}?`;
        const body =
          type === 'status'
            ? rng.pick(STATUSES)
            : type === 'poll'
              ? (choices as string[]).join(' / ')
              : `Let's talk about how to ${rng.pick(TITLE_TOPICS)}.`;
        const t = session();
        sink.add('contributions', [
          cId[c],
          type,
          uid,
          categoryIds[rng.weighted(categoryPick)],
          title,
          body,
          multiple,
          t,
        ]);
        contributionsBy[u] = (contributionsBy[u] as number) + 1;
        score[u] = (score[u] as number) + 10;
        if (type !== 'status' && rng.chance(0.3)) {
          const kind = UPLOAD_KINDS[rng.weighted(UPLOAD_WEIGHTS)] as string;
          const bytes = Math.round(Math.exp(12 + 1.5 * rng.normal()) * (kind === 'video' ? 40 : 1));
          sink.add('uploads', [uid, kind, bytes, t]);
        }
      }
      if (rng.chance(0.01)) {
        sink.add('uploads', [uid, 'image', Math.round(Math.exp(11.5 + rng.normal())), session()]);
      }

      // Social: follows, connections, private messages.
      const moreFollows = rng.poisson(0.03 * Math.pow(w, 0.3));
      for (let k = 0; k < moreFollows; k++) follow(u, session());
      const connects = rng.poisson((firstDay ? 0.5 : 0.03) * Math.pow(w, 0.3));
      for (let k = 0; k < connects; k++) {
        const other = popularUser(u);
        if (other < 0) continue;
        const a = Math.min(u, other);
        const b = Math.max(u, other);
        const key = a * MAX_USERS + b;
        if (connected.has(key)) continue;
        connected.add(key);
        sink.add('connections', [userIds[a], userIds[b], session()]);
        (partners[u] ??= []).push(other);
        (partners[other] ??= []).push(u);
      }
      const messages = rng.poisson(0.12 * Math.pow(w, 0.4));
      for (let k = 0; k < messages; k++) {
        const mine = partners[u];
        const other =
          mine && mine.length > 0 && rng.chance(0.7)
            ? (mine[rng.int(mine.length)] as number)
            : popularUser(u);
        if (other < 0 || other === u) continue;
        sink.add('private_messages', [uid, userIds[other], session()]);
      }
    }

    // End of day: today's content becomes visible; the reaction window keeps the last 21 days.
    visible = cId.length;
    for (const [c, m] of pendingComments) (cComments[c] ??= []).push(m);
    pendingComments = [];
    while (windowStart < visible && (cDay[windowStart] as number) < d - 20)
      cComments[windowStart++] = undefined;
    await sink.flushFull();
    options.onProgress?.(d + 1, days, totalRows(sink));
  }

  function follow(u: number, t: number): void {
    const other = popularUser(u);
    if (other < 0) return;
    const key = u * MAX_USERS + other;
    if (followed.has(key)) return;
    followed.add(key);
    sink.add('follows', [userIds[u], userIds[other], t]);
  }

  // Tags: the earliest members, the heaviest authors, a few ambassadors and experts.
  const byContributions = Array.from({ length: N }, (_, u) => u)
    .filter((u) => (contributionsBy[u] as number) > 0)
    .sort((a, b) => (contributionsBy[b] as number) - (contributionsBy[a] as number) || a - b);
  for (let u = 0; u < Math.ceil(N * 0.02); u++) tagUser(u, 0);
  for (const u of byContributions.slice(0, Math.max(1, Math.ceil(N * 0.01)))) tagUser(u, 1);
  for (let k = 0; k < Math.ceil(N * 0.005); k++) tagUser(rng.int(N), 2);
  for (const u of byContributions.slice(0, Math.ceil(N * 0.03))) if (rng.chance(0.3)) tagUser(u, 3);

  // Members last, with their final last_login and score.
  const usedNames = new Map<string, number>();
  for (let u = 0; u < N; u++) {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    let n = usedNames.get(base) ?? 0;
    let username = n === 0 ? base : `${base}${n + 1}`;
    while (plan.existingUsernames.has(username)) username = `${base}${++n + 1}`;
    usedNames.set(base, n + 1);
    const device = fromApp[u]
      ? rng.chance(0.6)
        ? 'android'
        : 'ios'
      : (['desktop', 'desktop', 'desktop', 'mobile', 'tablet'] as const)[rng.int(5)];
    sink.add('community_users', [
      userIds[u],
      username,
      `${username}@example.org`,
      `${first} ${last}`,
      regTimes[u],
      fromApp[u] ? 'app' : 'desktop',
      device,
      'active',
      lastLogin[u] || null,
      score[u],
    ]);
  }
  await sink.flushAll();
}

function totalRows(sink: ActivitySink): number {
  let rows = 0;
  for (const n of Object.values(sink.counts)) rows += n;
  return rows;
}

function result(sink: ActivitySink, startMs: number, endMs: number, started: number): GenerateActivityResult {
  const rows = totalRows(sink);
  const c = sink.counts;
  return {
    counts: { ...c },
    rows,
    events: rows - c.community_users - c.categories - c.tags,
    start: new Date(startMs),
    end: new Date(endMs),
    ms: Math.round(performance.now() - started),
  };
}

function checkOptions(options: GenerateActivityOptions): void {
  if (!Number.isInteger(options.users) || options.users < 1 || options.users > MAX_USERS) {
    throw new RangeError(`users must be an integer between 1 and ${MAX_USERS}`);
  }
  if (!Number.isInteger(options.days) || options.days < 1 || options.days > 3660) {
    throw new RangeError('days must be an integer between 1 and 3660');
  }
  if (!Number.isSafeInteger(options.seed)) throw new RangeError('seed must be an integer');
}

/** Runs the model without a database: the counts a real run with the same options would write. */
export async function dryRunActivity(options: GenerateActivityOptions): Promise<GenerateActivityResult> {
  checkOptions(options);
  const started = performance.now();
  const { startMs, endMs } = periodOf(options.days, options.endDate ?? new Date());
  const sink = new CountingSink();
  await simulate(
    {
      stackId: 0,
      users: options.users,
      days: options.days,
      startMs,
      endMs,
      existingUsernames: new Set(),
      tagIds: [1, 2, 3, 4],
    },
    options.seed,
    sink,
    options,
  );
  return result(sink, startMs, endMs, started);
}

/**
 * Fills the activity tables of one community, in one transaction. Callers make sure the community
 * has no activity yet (see hasActivity / deleteActivity).
 */
export async function generateActivity(
  db: Db,
  stackId: number,
  options: GenerateActivityOptions,
): Promise<GenerateActivityResult> {
  checkOptions(options);
  const started = performance.now();
  const { startMs, endMs } = periodOf(options.days, options.endDate ?? new Date());
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('community_users')
      .select('username')
      .where('stack_id', '=', stackId)
      .execute();
    const tagIds: number[] = [];
    for (const tag of USER_TAGS) {
      const found = await trx
        .selectFrom('tags')
        .select('id')
        .where('stack_id', '=', stackId)
        .where('type', '=', 'user')
        .where(sql<string>`lower(name)`, '=', tag.name.toLowerCase())
        .executeTakeFirst();
      const row =
        found ??
        (await trx
          .insertInto('tags')
          .values({
            stack_id: stackId,
            type: 'user',
            name: tag.name,
            color: tag.color,
            description: tag.description,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
      tagIds.push(row.id);
    }
    const sink = new ActivityWriter(trx, stackId, options.batchSize);
    await simulate(
      {
        stackId,
        users: options.users,
        days: options.days,
        startMs,
        endMs,
        existingUsernames: new Set(existing.map((r) => r.username.toLowerCase())),
        tagIds,
      },
      options.seed,
      sink,
      options,
    );
    sink.counts.tags = USER_TAGS.length;
    return result(sink, startMs, endMs, started);
  });
}

const ACTIVITY_TABLES = [
  'logins',
  'contributions',
  'poll_votes',
  'comments',
  'votes',
  'shares',
  'connections',
  'follows',
  'private_messages',
  'views',
  'uploads',
  'interests',
  'user_tags',
  'categories',
] as const;

/** True when the community has members (role NULL) or any activity row. */
export async function hasActivity(db: Db, stackId: number): Promise<boolean> {
  const member = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('role', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (member) return true;
  for (const table of ['logins', 'contributions', 'comments', 'votes', 'views'] as const) {
    const row = await db
      .selectFrom(table)
      .select('stack_id')
      .where('stack_id', '=', stackId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * Deletes a community's activity: every row of the activity tables, the generated user tags and the members
 * without an account (role NULL, account_id NULL); staff rows stay.
 */
export async function deleteActivity(db: Db, stackId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of ACTIVITY_TABLES)
      await trx.deleteFrom(table).where('stack_id', '=', stackId).execute();
    await trx
      .deleteFrom('tags')
      .where('stack_id', '=', stackId)
      .where('type', '=', 'user')
      .where(
        sql<string>`lower(name)`,
        'in',
        USER_TAGS.map((t) => t.name.toLowerCase()),
      )
      .execute();
    await trx
      .deleteFrom('community_users')
      .where('stack_id', '=', stackId)
      .where('role', 'is', null)
      .where('account_id', 'is', null)
      .execute();
  });
}
