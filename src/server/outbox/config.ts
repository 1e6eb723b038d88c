/** The outbox's settings (from the environment: src/server/submissions/config.ts reads them with the rest). */
export interface OutboxConfig {
  /** SQLite file of the outbox (created with its folder); unused with `outboxUrl`. */
  outboxDb: string;
  /** PostgreSQL outbox shared by every instance (it holds a password: never log it whole). */
  outboxUrl?: string;
  /** Most PostgreSQL connections of one instance. */
  outboxPoolSize: number;
  outboxPollMs: number;
  outboxRetryBaseMs: number;
  outboxRetryMaxMs: number;
  outboxMaxAgeMs: number;
  /** Timeout of one delivery to the content service. */
  outboxTimeoutMs: number;
  /** Longest wait on the outbox database (a PostgreSQL statement: a connection and its answer). */
  outboxDbTimeoutMs: number;
  /** Dead letters are kept this long, then removed (0 keeps them forever). */
  outboxDeadRetentionMs: number;
  /** The oldest pending lead older than this is logged as an error (and shown by /readyz). */
  outboxPendingAlertMs: number;
}
