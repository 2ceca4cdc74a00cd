/**
 * The vocabulary function group (docs/desktop-api.md#vocabulary), for /account and the desktop app
 * alike: GET and PUT /api/vocabulary, GET and PUT /api/preferences. Each answer carries the version
 * as its ETag; a GET sent If-None-Match it answers 304, a PUT must be sent If-Match it (428 without,
 * 412 with the current state when it is stale, for the client to merge into).
 */
import { preferencesBody, vocabularyBody } from '../../shared/schemas/vocabulary';
import { vocabularyTexts as t } from '../../shared/texts/vocabulary';
import { versionTag } from '../../shared/vocabulary';
import { documentClient, primeDocumentClient } from '../lib/dynamo';
import { byRouteKey, httpHandler, type HttpEvent } from '../lib/http';
import { json, type HttpResult } from '../lib/response';
import { readDeletionMarksWith } from '../lib/policy';
import { sessionOf, whileCoreKeysLoad } from '../lib/session';
import { deletionStateOf } from '../user-record';
import { ifMatch, noneMatches } from './conditional';
import { readListVersion, readPreferences } from './store';
import { readVocabulary, writePreferences, writeVocabulary, type VocabularyDeps } from './vocabulary';

/** A whole list at every limit is about 700 KB of JSON (1,000 entries, each 100 characters and five 100-character variants); the local gateway's cap is 1 MB too. */
export const VOCABULARY_MAX_BODY_BYTES = 1024 * 1024;

const deps = (): VocabularyDeps => ({ db: documentClient(), now: Date.now });

const notModified = (version: number): HttpResult => ({ statusCode: 304, headers: { etag: versionTag(version), 'cache-control': 'no-store' }, body: '' });

/** 200 with the body and its version as ETag, or 304 when the client holds that version. */
function versioned(event: HttpEvent<unknown>, body: { version: number }): HttpResult {
  if (!noneMatches(event.headers['if-none-match'], body.version)) return notModified(body.version);
  return json(200, body, { etag: versionTag(body.version) });
}

const preconditionRequired = () => json(428, { message: t.ifMatchRequired });

const getVocabulary = httpHandler(
  async (event) => {
    const { userId } = sessionOf(event);
    // The desktop app's hourly question: its copy's version. Answered from the head alone (1 RCU), the pages read only when it changed.
    const held = event.headers['if-none-match'];
    if (held) {
      const version = await readListVersion(documentClient(), userId);
      if (!noneMatches(held, version)) return notModified(version);
    }
    return versioned(event, (await readVocabulary(deps(), userId)).list);
  },
  { route: 'GET /api/vocabulary' },
);

const putVocabulary = httpHandler(
  async (event) => {
    const outcome = await writeVocabulary(deps(), sessionOf(event).userId, ifMatch(event.headers['if-match']), event.body);
    switch (outcome.status) {
      case 'OK':
        return json(200, { ...outcome.list, message: t.saved }, { etag: versionTag(outcome.list.version) });
      case 'STALE':
        return json(412, { message: t.versionChanged, ...outcome.list }, { etag: versionTag(outcome.list.version) });
      case 'PRECONDITION_REQUIRED':
        return preconditionRequired();
      case 'NOT_INCLUDED':
        return json(403, { message: outcome.message });
    }
  },
  // Its policy (shared/routes.ts, ACCOUNT_WRITE): a live session, proven, past its second step, of an account not being deleted.
  { route: 'PUT /api/vocabulary', body: vocabularyBody, maxBodyBytes: VOCABULARY_MAX_BODY_BYTES },
);

const getPreferences = httpHandler(async (event) => versioned(event, await readPreferences(documentClient(), sessionOf(event).userId)), { route: 'GET /api/preferences' });

const putPreferences = httpHandler(
  async (event) => {
    const outcome = await writePreferences(deps(), sessionOf(event).userId, ifMatch(event.headers['if-match']), event.body);
    switch (outcome.status) {
      case 'OK':
        return json(200, { ...outcome.preferences, message: t.preferencesSaved }, { etag: versionTag(outcome.preferences.version) });
      case 'STALE':
        return json(412, { message: t.versionChanged, ...outcome.preferences }, { etag: versionTag(outcome.preferences.version) });
      case 'PRECONDITION_REQUIRED':
        return preconditionRequired();
      case 'NOT_INCLUDED':
        return json(403, { message: outcome.message, fields: outcome.fields });
    }
  },
  { route: 'PUT /api/preferences', body: preferencesBody },
);

// Every route here reads DynamoDB after its session check: a cold start sets the client up while the core answers.
whileCoreKeysLoad(primeDocumentClient);
// Every route here is refused to an account marked for deletion (its policy): the mark is read through its owner.
readDeletionMarksWith(deletionStateOf);

export const handler = byRouteKey({
  'GET /api/vocabulary': getVocabulary,
  'PUT /api/vocabulary': putVocabulary,
  'GET /api/preferences': getPreferences,
  'PUT /api/preferences': putPreferences,
});
