import { useEffect } from 'react';
import { selectCompany } from '../../stores/company-switch';

/** Switches to the company of the URL, then returns home (spec part 3, 2.13). */
export function SelectCompany({ guid }: { guid: string }) {
  useEffect(() => {
    void selectCompany(guid);
  }, [guid]);
  return (
    <p className="muted" role="status">
      Switching company...
    </p>
  );
}
