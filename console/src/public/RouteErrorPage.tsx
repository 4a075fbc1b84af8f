import { isRouteErrorResponse, useRouteError } from 'react-router';
import { en } from '../i18n/en';
import site from './site/site.module.css';
import styles from './RouteErrorPage.module.css';

const texts = en.app.errors;

/**
 * The router's error element: a failed route (a chunk that no longer exists after a deploy, a render
 * error) lands here. Full page loads rather than router navigation, since the router itself may be what broke.
 * Plain markup, since it ships in the entry chunk of every page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : texts.applicationError;

  return (
    <div className={site.site}>
      <main className={styles.page}>
        <title>{`${title} · ${en.app.name}`}</title>
        <meta name="robots" content="noindex" />
        <div className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.message}>{texts.routeErrorMessage}</p>
          <div className={styles.actions}>
            <button type="button" className={site.primary} onClick={() => window.location.reload()}>
              {texts.reloadPage}
            </button>
            <button type="button" className={site.secondary} onClick={() => window.location.assign('/')}>
              {texts.goToHome}
            </button>
          </div>
        </div>
      </main>
    </div>
  );
}
