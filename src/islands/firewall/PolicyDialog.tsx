import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { FormDialog } from '../../components/FormDialog';
import { MultiPicker } from '../../components/MultiPicker';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import { PRIORITY_MAX, PRIORITY_MIN } from '../../lib/firewall/index';
import {
  $domainMatches,
  $policyEditor,
  $setChoices,
  FIREWALL_CHOICES_MAX,
  listFieldError,
  loadSetChoices,
  NEW_POLICY,
  policyForm,
  policyPickedOf,
  policyValuesOf,
  searchDomainChoices,
  takeOpening,
} from '../../stores/firewall-sets';
import { DryRunPanel } from './DryRunPanel';
import '../../styles/firewall-sets.css';

/**
 * Adds or edits a policy (spec part 2, 2.10 and 5 "Firewall policy"): name, priority, what it
 * applies (rulesets and rules) and where (domain groups and domains), tried first on a group's
 * recorded requests (the dry run). The domains are searched
 * on the server, so a company with thousands of them never loads them all. The tab's one
 * dialog, opened through `openPolicyDialog` (Add Policy, a row's name).
 */
export function PolicyDialog() {
  const editor = useStore($policyEditor);
  const policy = editor.editing;
  const { form, dialog } = useFormDialog(policyForm, {
    initial: policy ? policyValuesOf(policy) : NEW_POLICY,
    onOpen() {
      void loadSetChoices('policy');
      void searchDomainChoices('');
    },
  });
  const choices = useStore($setChoices);
  const domains = useStore($domainMatches);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request to open (editor.pending) opens the dialog once; takeOpening reads the store itself.
  useEffect(() => {
    if (takeOpening($policyEditor)) dialog.onOpenChange(true);
  }, [editor.pending]);
  const picked = policy ? policyPickedOf(policy) : undefined;
  const capped = (more: boolean, what: string) => (more ? `Only the first ${FIREWALL_CHOICES_MAX} ${what} are offered.` : undefined);
  return (
    <FormDialog title={policy ? 'Edit Policy' : 'Add Policy'} {...dialog} submitLabel={policy ? 'Save Policy' : 'Add Policy'} formClassName="" size="lg">
      <div className="policy-dialog-row">
        <TextField label="Name" autoComplete="off" {...form.text('name')} />
        <TextField label="Priority" inputMode="numeric" autoComplete="off" hint={`${PRIORITY_MIN} to ${PRIORITY_MAX}, lower runs first.`} {...form.text('priority')} />
      </div>
      <fieldset className="policy-dialog-set">
        <legend>What it applies</legend>
        <MultiPicker
          label="Rulesets"
          value={form.values.rulesets}
          onValueChange={(v) => form.set('rulesets', v)}
          options={choices.rulesets}
          picked={picked?.rulesets}
          loading={choices.loading}
          error={listFieldError(form.errors, 'rulesets')}
          hint={capped(choices.more.rulesets, 'rulesets')}
          empty="No rulesets match."
        />
        <MultiPicker
          label="Rules"
          value={form.values.rules}
          onValueChange={(v) => form.set('rules', v)}
          options={choices.rules}
          picked={picked?.rules}
          loading={choices.loading}
          error={listFieldError(form.errors, 'rules')}
          hint={capped(choices.more.rules, 'rules')}
          empty="No firewall rules match."
        />
      </fieldset>
      <fieldset className="policy-dialog-set">
        <legend>Where it applies</legend>
        <MultiPicker
          label="Domain groups"
          value={form.values.domain_groups}
          onValueChange={(v) => form.set('domain_groups', v)}
          options={choices.domain_groups}
          picked={picked?.domain_groups}
          loading={choices.loading}
          error={listFieldError(form.errors, 'domain_groups')}
          empty="No domain groups match."
        />
        <MultiPicker
          label="Domains"
          value={form.values.domains}
          onValueChange={(v) => form.set('domains', v)}
          options={domains.matches}
          picked={picked?.domains}
          onSearch={(text) => void searchDomainChoices(text)}
          loading={domains.loading}
          error={listFieldError(form.errors, 'domains')}
          hint={domains.total > domains.matches.length ? `Showing ${domains.matches.length} of ${domains.total} domains: type to search.` : undefined}
          placeholder="Type a domain to search..."
          empty={domains.loading ? 'Searching...' : 'No domains match.'}
        />
      </fieldset>
      <DryRunPanel subject={() => ({ policy: { rulesets: form.values.rulesets, rules: form.values.rules } })} onSubjectErrors={(fields) => policyForm.showErrors(fields)} />
    </FormDialog>
  );
}
