import styles from './FullPageLoader.module.css';

/** Shown while a page's chunk or the session loads. Plain markup: it ships in the entry chunk of every page. */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <div role="status" className={styles.loader}>
      <span className={styles.spinner} aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}
