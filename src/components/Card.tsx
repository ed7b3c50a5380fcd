import { useId, type ReactNode } from 'react';
import '../styles/controls.css';

export interface CardProps {
  /** The card's heading (an h2); it also names the card's region for assistive technology. */
  title: ReactNode;
  /** Buttons or a short status beside the heading (e.g. 'Mark all read'). */
  actions?: ReactNode;
  children: ReactNode;
  /** Extra class for the card's own layout. */
  className?: string;
}

/** A titled section of a page: a region named by its h2 heading, with optional actions beside it. */
export function Card({ title, actions, children, className }: CardProps) {
  const headingId = useId();
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={headingId}>
      <div className="card-head">
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        {actions ? <div className="card-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
