import { Icon } from '../Icon/Icon.tsx';
import { defaultRenderLink, type RenderLink } from '../Link/Link.tsx';
import { pageItems } from './pages.ts';
import * as styles from './Pagination.css.ts';

export type PaginationProps = {
  page: number;
  totalPages: number;
  /** e.g. (n) => `/Tokens?page=${n}&term=${term}` */
  hrefForPage: (page: number) => string;
  renderLink?: RenderLink;
  /** Names the navigation landmark when a page has several (e.g. 'Sharded transactions pages'). */
  label?: string;
};

/** Page links; renders nothing for a single page (spec: pagination only when more than one page). */
export function Pagination({
  page,
  totalPages,
  hrefForPage,
  renderLink = defaultRenderLink,
  label = 'Pagination',
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          {current > 1 ? (
            renderLink({
              href: hrefForPage(current - 1),
              className: styles.item,
              'aria-label': 'Previous page',
              children: <Icon name="chevronLeft" />,
            })
          ) : (
            <span className={`${styles.item} ${styles.disabled}`} aria-hidden="true">
              <Icon name="chevronLeft" />
            </span>
          )}
        </li>
        {pageItems(current, totalPages).map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              {renderLink({
                href: hrefForPage(item.page),
                className: styles.item,
                'aria-label': `Page ${item.page}`,
                ...(item.page === current ? { 'aria-current': 'page' as const } : {}),
                children: item.page,
              })}
            </li>
          ),
        )}
        <li>
          {current < totalPages ? (
            renderLink({
              href: hrefForPage(current + 1),
              className: styles.item,
              'aria-label': 'Next page',
              children: <Icon name="chevronRight" />,
            })
          ) : (
            <span className={`${styles.item} ${styles.disabled}`} aria-hidden="true">
              <Icon name="chevronRight" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
