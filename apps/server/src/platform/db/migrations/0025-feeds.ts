import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Feeds (issue 13 §2, ADR 0022): each content carries the two sort keys the feeds order by besides its
// creation time, kept exact by the database itself whenever a vote or a comment is written or removed:
// `last_activity_at` (its latest comment or vote, else its creation) and `relevance` (engagement with
// time decay, as a number that does not change while nothing happens: log2(1 + votes + 2 × comments)
// + seconds since 1970 / 45 000, so one more doubling of engagement is worth 12.5 hours of recency).
// Indexes serve each feed's page in its order (per category, per author, the whole community), and
// `feed_seen` holds which contents a member has seen in their feed (the unseen count).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION feed_relevance(engagement bigint, created timestamptz) RETURNS double precision
      LANGUAGE sql IMMUTABLE AS $$
        SELECT ln(1 + greatest(engagement, 0))::float8 / ln(2) + extract(epoch FROM created)::float8 / 45000
      $$;

    ALTER TABLE contributions ADD COLUMN last_activity_at timestamptz;
    ALTER TABLE contributions ADD COLUMN relevance double precision;
    UPDATE contributions SET last_activity_at = created_at, relevance = feed_relevance(0, created_at);
    UPDATE contributions c
       SET last_activity_at = greatest(c.created_at, a.at), relevance = feed_relevance(a.n::bigint, c.created_at)
      FROM (
        SELECT stack_id, contribution_id, sum(n) AS n, max(at) AS at FROM (
          SELECT stack_id, contribution_id, count(*) FILTER (WHERE target_type = 'contribution') AS n,
                 max(created_at) AS at
            FROM votes GROUP BY stack_id, contribution_id
          UNION ALL
          SELECT stack_id, contribution_id, 2 * count(*) FILTER (WHERE status = 'published') AS n,
                 max(created_at) AS at
            FROM comments GROUP BY stack_id, contribution_id
        ) parts GROUP BY stack_id, contribution_id
      ) a
     WHERE c.stack_id = a.stack_id AND c.id = a.contribution_id;
    ALTER TABLE contributions ALTER COLUMN last_activity_at SET NOT NULL;
    ALTER TABLE contributions ALTER COLUMN relevance SET NOT NULL;

    -- A new content starts with no activity.
    CREATE FUNCTION contributions_feed_keys() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.last_activity_at := coalesce(NEW.last_activity_at, NEW.created_at);
      NEW.relevance := coalesce(NEW.relevance, feed_relevance(0, NEW.created_at));
      RETURN NEW;
    END $$;
    CREATE TRIGGER contributions_feed_keys BEFORE INSERT ON contributions
      FOR EACH ROW EXECUTE FUNCTION contributions_feed_keys();

    -- A vote or a comment written, changed or removed: the content's two keys from what exists now.
    CREATE FUNCTION contribution_feed_refresh(p_stack integer, p_id bigint) RETURNS void
      LANGUAGE sql AS $$
        UPDATE contributions c
           SET last_activity_at = greatest(
                 c.created_at,
                 (SELECT max(v.created_at) FROM votes v
                   WHERE v.stack_id = c.stack_id AND v.contribution_id = c.id),
                 (SELECT max(k.created_at) FROM comments k
                   WHERE k.stack_id = c.stack_id AND k.contribution_id = c.id)),
               relevance = feed_relevance(
                 (SELECT count(*) FROM votes v
                   WHERE v.stack_id = c.stack_id AND v.contribution_id = c.id
                     AND v.target_type = 'contribution')
                 + 2 * (SELECT count(*) FROM comments k
                   WHERE k.stack_id = c.stack_id AND k.contribution_id = c.id AND k.status = 'published'),
                 c.created_at)
         WHERE c.stack_id = p_stack AND c.id = p_id
      $$;
    CREATE FUNCTION contribution_feed_on_activity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM contribution_feed_refresh(OLD.stack_id, OLD.contribution_id); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.contribution_id <> OLD.contribution_id) THEN
        PERFORM contribution_feed_refresh(NEW.stack_id, NEW.contribution_id);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER votes_feed_keys AFTER INSERT OR UPDATE OR DELETE ON votes
      FOR EACH ROW EXECUTE FUNCTION contribution_feed_on_activity();
    CREATE TRIGGER comments_feed_keys AFTER INSERT OR UPDATE OR DELETE ON comments
      FOR EACH ROW EXECUTE FUNCTION contribution_feed_on_activity();
    CREATE INDEX votes_contribution_idx ON votes (stack_id, contribution_id);
    -- A feed page's counters (votes and reactions, shares, views of the contents on it).
    CREATE INDEX votes_target_idx ON votes (stack_id, target_type, target_id);
    CREATE INDEX shares_contribution_idx ON shares (stack_id, contribution_id);
    CREATE INDEX views_contribution_idx ON views (stack_id, contribution_id);

    -- Each feed's page in its order: a followed category, a followed author, the whole community.
    CREATE INDEX contributions_feed_category_recent_idx ON contributions (stack_id, category_id, created_at DESC, id DESC);
    CREATE INDEX contributions_feed_category_activity_idx ON contributions (stack_id, category_id, last_activity_at DESC, id DESC);
    CREATE INDEX contributions_feed_category_relevance_idx ON contributions (stack_id, category_id, relevance DESC, id DESC);
    CREATE INDEX contributions_feed_author_recent_idx ON contributions (stack_id, author_id, created_at DESC, id DESC);
    CREATE INDEX contributions_feed_author_activity_idx ON contributions (stack_id, author_id, last_activity_at DESC, id DESC);
    CREATE INDEX contributions_feed_author_relevance_idx ON contributions (stack_id, author_id, relevance DESC, id DESC);
    CREATE INDEX contributions_feed_recent_idx ON contributions (stack_id, created_at DESC, id DESC);
    CREATE INDEX contributions_feed_activity_idx ON contributions (stack_id, last_activity_at DESC, id DESC);
    CREATE INDEX contributions_feed_relevance_idx ON contributions (stack_id, relevance DESC, id DESC);

    -- The members whose contents nobody sees any more (deleted, erased, banned): few, read per feed.
    CREATE INDEX community_users_gone_idx ON community_users (stack_id, id)
      WHERE status IN ('deleted', 'fully_deleted', 'banned');

    CREATE TABLE feed_seen (
      stack_id integer NOT NULL,
      user_id integer NOT NULL,
      contribution_id bigint NOT NULL,
      seen_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, user_id, contribution_id),
      FOREIGN KEY (stack_id, contribution_id) REFERENCES contributions (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE
    );
  `.execute(db);
}
