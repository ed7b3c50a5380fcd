import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { FormDialog } from '../../components/FormDialog';
import { MultiPicker } from '../../components/MultiPicker';
import { TextField } from '../../components/TextField';
import { useFormDialog } from '../../components/form/use-form-dialog';
import {
  $rulesetEditor,
  $setChoices,
  FIREWALL_CHOICES_MAX,
  listFieldError,
  loadSetChoices,
  NEW_RULESET,
  rulesetForm,
  rulesetPickedOf,
  rulesetValuesOf,
  takeOpening,
} from '../../stores/firewall-sets';

/**
 * Adds or edits a ruleset (spec part 2, 2.10 and 5 "Ruleset"): its name and the company's rules
 * it holds. The tab's one dialog, opened through `openRulesetDialog` (Add Ruleset, a row's name).
 */
export function RulesetDialog() {
  const editor = useStore($rulesetEditor);
  const ruleset = editor.editing;
  const { form, dialog } = useFormDialog(rulesetForm, { initial: ruleset ? rulesetValuesOf(ruleset) : NEW_RULESET, onOpen: () => void loadSetChoices('ruleset') });
  const choices = useStore($setChoices);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each request to open (editor.pending) opens the dialog once; takeOpening reads the store itself.
  useEffect(() => {
    if (takeOpening($rulesetEditor)) dialog.onOpenChange(true);
  }, [editor.pending]);
  return (
    <FormDialog title={ruleset ? 'Edit Ruleset' : 'Add Ruleset'} {...dialog} submitLabel={ruleset ? 'Save Ruleset' : 'Add Ruleset'} formClassName="">
      <TextField label="Name" autoComplete="off" {...form.text('name')} />
      <MultiPicker
        label="Firewall rules"
        value={form.values.rules}
        onValueChange={(rules) => form.set('rules', rules)}
        options={choices.rules}
        picked={ruleset ? rulesetPickedOf(ruleset).rules : undefined}
        loading={choices.loading}
        error={listFieldError(form.errors, 'rules')}
        hint={choices.more.rules ? `Only the first ${FIREWALL_CHOICES_MAX} rules are offered.` : undefined}
        empty="No firewall rules match."
      />
    </FormDialog>
  );
}
