import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Tabs } from '../../components/Tabs';
import { DateTime } from '../../components/DateTime';
import { StatusBadge } from '../../components/StatusBadge';
import { AFFILIATE_TABS, affiliateTabPath, isAffiliateTab, type AffiliateTab } from '../../lib/rules/affiliate';
import { statusWords } from '../../lib/format/words';
import { $affiliate, loadAffiliate } from '../../stores/affiliate';
import { navigate } from '../../stores/router';
import { BillingTab } from './BillingTab';
import { LinksTab } from './LinksTab';
import { OverviewTab } from './OverviewTab';
import { ReportsTab } from './ReportsTab';
import '../../styles/affiliate.css';

/**
 * The affiliate area (spec part 3, 2.10): the exists check first (404 opens the application);
 * an application not yet approved shows its status; an approved affiliate gets the tabs, each
 * at its own address.
 */
export function AffiliatePage({ tab }: { tab: AffiliateTab }) {
  const { loading, status } = useStore($affiliate);
  useEffect(() => {
    void loadAffiliate();
  }, []);
  if (!status) {
    return loading ? (
      <p className="page-loading" role="status">
        Loading...
      </p>
    ) : null;
  }
  if (status.status !== 'ACTIVE') return <ApplicationStatus status={status.status} created={status.date_created} />;
  return (
    <Tabs tabs={AFFILIATE_TABS} value={tab} label="Affiliate" onValueChange={(v) => isAffiliateTab(v) && v !== tab && navigate(affiliateTabPath(v))}>
      <TabBody tab={tab} />
    </Tabs>
  );
}

function TabBody({ tab }: { tab: AffiliateTab }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab />;
    case 'links':
      return <LinksTab />;
    case 'reports':
      return <ReportsTab />;
    case 'billing':
      return <BillingTab />;
  }
}

/** What a person whose application is not approved sees instead of the tabs. */
export function ApplicationStatus({ status, created }: { status: string; created: string }) {
  return (
    <section className="affiliate-status" aria-label="Affiliate application">
      <p>
        Application status: <StatusBadge status={status} /> (submitted <DateTime value={created} dateOnly />)
      </p>
      {status === 'PENDING' ? (
        <div className="alert alert-info" role="status">
          Your affiliate application has been submitted and will be reviewed within 2 working days. The tabs open once it is approved.
        </div>
      ) : (
        <div className="alert alert-error" role="alert">
          Your affiliate account is {statusWords(status).toLowerCase()}. Please contact support for more information.
        </div>
      )}
    </section>
  );
}
