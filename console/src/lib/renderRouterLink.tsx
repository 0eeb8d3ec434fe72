import type { RenderLink } from '@tranche/ui-kit';
import { Link } from 'react-router-dom';

/** Lets ui-kit links navigate inside the single-page app. */
export const renderRouterLink: RenderLink = ({ href, className, children, ...rest }) => (
  <Link to={href} className={className} {...rest}>
    {children}
  </Link>
);
