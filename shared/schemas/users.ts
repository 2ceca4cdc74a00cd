/**
 * Bodies of the users Lambda's routes (spec §7), checked alike by the pages that send them and the
 * Lambda that takes them.
 */
import * as z from 'zod/mini';
import { emailSchema, nameSchema } from './credentials';

/** A SuperTokens user id: a UUID from the core, bounded so no one can store a novel in it. */
const userIdSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));

/** POST /api/users (spec §7). */
export const createUserBody = z.object({
  name: nameSchema,
  email: emailSchema,
  supertokensUserId: userIdSchema,
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** POST /api/track-login (spec §7). */
export const trackLoginBody = z.object({ userId: userIdSchema });
export type TrackLoginBody = z.infer<typeof trackLoginBody>;
