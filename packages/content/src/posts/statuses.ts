/**
 * Post statuses as WordPress 6.1 defines them, and the one rule that replaces its cron: a
 * `future` record whose date has passed is published. Every read applies the rule (in SQL
 * for lists, in {@link effectiveStatus} for one record), so no job has to run first.
 *
 * @module
 */

/**
 * A status's description, as `/statuses` serves it.
 *
 * @example
 * POST_STATUSES.publish.public; // true
 */
export interface PostStatus {
  /** The name shown to people. */
  readonly name: string;
  /** Whether anyone may read records of the status. */
  readonly public: boolean;
  /** Whether only those who may read private records see them. */
  readonly private: boolean;
  /** Whether the status is an internal one (`trash`, `inherit`), never listed by `/statuses`. */
  readonly internal: boolean;
  /** Whether records of the status are in lists by default for those who may see them. */
  readonly showInList: boolean;
  /** Whether the record's date is the moment it was published (drafts float: no date). */
  readonly dateFloating: boolean;
}

/** The statuses of WordPress 6.1. */
export const POST_STATUSES: Readonly<Record<string, PostStatus>> = {
  publish: { name: 'Published', public: true, private: false, internal: false, showInList: true, dateFloating: false },
  future: { name: 'Scheduled', public: false, private: false, internal: false, showInList: true, dateFloating: false },
  draft: { name: 'Draft', public: false, private: false, internal: false, showInList: true, dateFloating: true },
  pending: { name: 'Pending', public: false, private: false, internal: false, showInList: true, dateFloating: true },
  private: { name: 'Private', public: false, private: true, internal: false, showInList: true, dateFloating: false },
  trash: { name: 'Trash', public: false, private: false, internal: true, showInList: false, dateFloating: false },
  inherit: { name: 'Inherit', public: false, private: false, internal: true, showInList: false, dateFloating: false },
};

/**
 * The status a record has now: `future` becomes `publish` once its GMT date passed.
 *
 * @example
 * effectiveStatus({ status: 'future', date_gmt: '2020-01-01T00:00:00' }, '2030-01-01T00:00:00'); // 'publish'
 */
export function effectiveStatus(post: { status: string; date_gmt: string }, nowGmt: string): string {
  return post.status === 'future' && post.date_gmt <= nowGmt ? 'publish' : post.status;
}
