import type { SessionUser } from '../../lib/api/auth';
import type { WhiteLabel } from '../../lib/api/system';
import { Icon } from '../../components/Icon';

interface Contact {
  name: string;
  email: string;
  phone: string | null;
  avatar: string | null;
}

/**
 * Who to call: the company's account manager, or for a partner without one the provider's
 * support contact (spec part 1, 2.4).
 */
function contactOf(user: SessionUser, whiteLabel: WhiteLabel): Contact | null {
  const manager = user.company.account_manager;
  if (manager) {
    return { name: `${manager.first_name} ${manager.last_name}`.trim(), email: manager.email, phone: manager.phone, avatar: manager.avatar };
  }
  if (!user.company.is_partner) return null;
  const support = whiteLabel.support;
  return { name: support.name ?? `${whiteLabel.name} support`, email: support.email, phone: support.phone ?? null, avatar: null };
}

export function AccountManagerCard({ user, whiteLabel }: { user: SessionUser; whiteLabel: WhiteLabel }) {
  const contact = contactOf(user, whiteLabel);
  if (!contact) return null;
  return (
    <section className="manager-card" aria-labelledby="manager-card-title">
      <h2 id="manager-card-title" className="manager-title">
        Your account manager
      </h2>
      <div className="manager-person">
        {contact.avatar ? (
          <img className="avatar" src={contact.avatar} alt="" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {contact.name.slice(0, 1)}
          </span>
        )}
        <span className="manager-name">{contact.name}</span>
      </div>
      <a className="manager-line" href={`mailto:${contact.email}`}>
        <Icon name="mail" size={14} />
        {/* A long address breaks after its @ rather than mid-word. */}
        <span>
          {contact.email.split('@')[0]}
          {contact.email.includes('@') ? (
            <>
              <wbr />@{contact.email.split('@').slice(1).join('@')}
            </>
          ) : null}
        </span>
      </a>
      {contact.phone ? (
        <a className="manager-line" href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>
          <Icon name="phone" size={14} />
          {contact.phone}
        </a>
      ) : null}
    </section>
  );
}
