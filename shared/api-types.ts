/** Bodies the API answers with; the frontend and the handlers both import these. */

/** spec §3: latest version info. */
export interface LatestVersion {
  version: string;
  /** ISO 8601 date-time the release was published. */
  pub_date: string;
  download_url: string;
  notes?: string;
}

/** Every error answer has this shape and nothing else (no stack, no SDK body). */
export interface ErrorBody {
  message: string;
  /** Per-field messages for validation errors, keyed by field name. */
  fields?: Record<string, string>;
}

/** The product's account record (spec §3), as POST /api/users and /api/ensure-user-exists answer it. */
export interface UserRecord {
  userId: string;
  email: string;
  name?: string;
  /** ISO 8601 date-time of the first save. */
  createdAt: string;
  lastLoginAt?: string;
  loginCount: number;
}
