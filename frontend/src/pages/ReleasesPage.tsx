import { Link } from 'react-router';
import type { ReleaseList } from '../../../shared/api-types';
import { formatReleaseDate } from '../../../shared/format';
import { fetchReleaseList } from '../api/release-list';
import { installerFile } from '../home/installer-file';
import { useRead } from '../hooks/use-read';
import { PLATFORM_NAMES, releasesTexts } from './releases-texts';

async function readReleaseList(): Promise<ReleaseList> {
  try {
    return await fetchReleaseList();
  } catch (error) {
    console.error('Could not load the release notes', error);
    throw error;
  }
}

/**
 * /download/releases: each platform's published versions, newest first, with their dates
 * and notes, and the newest one's download. A prerendered public page: the header is in its HTML, the
 * list is read after hydration from GET /api/releases (cached at the CDN), so it is never stale.
 */
export function ReleasesPage() {
  const { state } = useRead(readReleaseList, 'releases');

  return (
    <div className="page">
      <section className="container narrow page-header">
        <h1>{releasesTexts.heading}</h1>
        <p className="lead">{releasesTexts.lead}</p>
        <p>
          <Link to="/download">{releasesTexts.back}</Link>
        </p>
      </section>
      <div className="container narrow releases" aria-live="polite" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? (
          <p className="muted">{releasesTexts.loading}</p>
        ) : state.status === 'failed' ? (
          <p role="alert">{releasesTexts.failed}</p>
        ) : state.value.platforms.length === 0 ? (
          <p>{releasesTexts.none}</p>
        ) : (
          state.value.platforms.map(({ platform, releases }) => (
            <section key={platform} aria-labelledby={`releases-${platform}`}>
              <h2 id={`releases-${platform}`}>{PLATFORM_NAMES[platform]}</h2>
              <ol className="release-list">
                {releases.map((release, i) => (
                  <li key={release.version}>
                    <h3>Version {release.version}</h3>
                    <p className="muted small">
                      <time dateTime={release.pub_date}>Released {formatReleaseDate(release.pub_date)}</time>
                      {i === 0 && release.download_url ? (
                        <>
                          {' · '}
                          <a href={release.download_url} download={installerFile(platform, release.version)}>
                            {releasesTexts.download(release.version)}
                          </a>
                        </>
                      ) : null}
                    </p>
                    <p className="release-notes">{release.notes ?? releasesTexts.noNotes}</p>
                  </li>
                ))}
              </ol>
            </section>
          ))
        )}
      </div>
    </div>
  );
}

export default ReleasesPage;
