import { Checkbox } from '../../components/Checkbox';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/TextField';
import { changeField, conditionValues, FIELD_KEYS, FIELDS, isFieldKey, mayIgnoreCase, operatorsFor } from '../../lib/firewall/fields';
import { OPERATOR_LABELS, type Operator } from '../../lib/firewall/operators';
import { PREDEFINED_BOTS } from '../../lib/firewall/predefined-bots';
import { addCondition, addGroup, conditionCount, removeCondition, updateCondition, type RuleDraft } from '../../lib/firewall/rule-form';
import type { FirewallCondition } from '../../lib/firewall/types';
import type { FieldErrors } from '../../stores/form';

/** Spec part 2, 5: on a list-type field EQUALS reads "is one of" and NOT_EQUALS "is none of". */
function operatorLabel(operator: Operator, takesList: boolean): string {
  if (takesList && operator === 'EQUALS') return 'is one of';
  if (takesList && operator === 'NOT_EQUALS') return 'is none of';
  return OPERATOR_LABELS[operator];
}

/** A list value as the person types it: comma-separated, kept as typed (the rule schema trims and drops blanks). */
const listText = (value: FirewallCondition['value']) => conditionValues({ value }).join(',');

interface ConditionRowProps {
  condition: FirewallCondition;
  /** Where the condition is, for its labels and the schema's keys (rule.conditions.{group}.{index}.value). */
  group: number;
  index: number;
  errors: FieldErrors;
  removable: boolean;
  onChange: (change: (c: FirewallCondition) => FirewallCondition, cleared: string) => void;
  onRemove: () => void;
}

function ConditionRow({ condition, group, index, errors, removable, onChange, onRemove }: ConditionRowProps) {
  const key = `rule.conditions.${group}.${index}`;
  const definition = isFieldKey(condition.field) ? FIELDS[condition.field] : null;
  const title = `Condition ${group + 1}.${index + 1}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the condition's fields wrap in one flex row, which a fieldset's box and legend would change; role="group" names them as one condition.
    <div className="rule-condition" role="group" aria-label={title}>
      <SelectField
        label="Field"
        value={condition.field}
        error={errors[`${key}.field`]}
        onValueChange={(field) =>
          isFieldKey(field) && onChange((c) => ({ ...changeField(c, field), ...(c.name && FIELDS[field].named !== 'none' ? { name: c.name } : {}) }), `${key}.value`)
        }
      >
        {FIELD_KEYS.map((field) => (
          <option key={field} value={field}>
            {FIELDS[field].label}
          </option>
        ))}
      </SelectField>
      {definition && definition.named !== 'none' ? (
        <TextField
          label={definition.key === 'header' ? 'Header name' : 'Cookie name (optional)'}
          value={condition.name ?? ''}
          error={errors[`${key}.name`]}
          autoComplete="off"
          onValueChange={(name) => onChange((c) => ({ ...c, name }), `${key}.name`)}
        />
      ) : null}
      <SelectField
        label="Operator"
        value={condition.operator}
        error={errors[`${key}.operator`]}
        onValueChange={(operator) => onChange((c) => ({ ...c, operator }), `${key}.operator`)}
      >
        {operatorsFor(condition.field).map((operator) => (
          <option key={operator} value={operator}>
            {operatorLabel(operator, definition?.takesList ?? false)}
          </option>
        ))}
      </SelectField>
      <ConditionValue condition={condition} error={errors[`${key}.value`]} onValue={(value) => onChange((c) => ({ ...c, value }), `${key}.value`)} />
      {mayIgnoreCase(condition.field) ? (
        <Checkbox
          label="Ignore case"
          checked={condition.ignore_case === true}
          onCheckedChange={(checked) => onChange(({ ignore_case: _, ...c }) => (checked ? { ...c, ignore_case: true } : c), `${key}.value`)}
        />
      ) : null}
      <button type="button" className="button button-small" disabled={!removable} aria-label={`Remove condition ${group + 1}.${index + 1}`} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

/** The value input the field calls for: a text, a comma-separated list, or a choice (is bot, predefined bot). */
function ConditionValue({ condition, error, onValue }: { condition: FirewallCondition; error: string | undefined; onValue: (value: string | string[]) => void }) {
  const value = typeof condition.value === 'string' ? condition.value : '';
  if (condition.field === 'is_bot')
    return (
      <SelectField label="Value" value={value} error={error} onValueChange={onValue}>
        <option value="true">true</option>
        <option value="false">false</option>
      </SelectField>
    );
  if (condition.field === 'predefined_bot')
    return (
      <SelectField label="Bot" value={value} error={error} onValueChange={onValue}>
        <option value="">Choose a bot</option>
        {PREDEFINED_BOTS.map((bot) => (
          <option key={bot.value} value={bot.value}>
            {bot.name}
          </option>
        ))}
      </SelectField>
    );
  if (isFieldKey(condition.field) && FIELDS[condition.field].takesList)
    return (
      <TextField
        label="Values"
        hint="Separate values with commas."
        value={listText(condition.value)}
        error={error}
        autoComplete="off"
        onValueChange={(text) => onValue(text === '' ? [] : text.split(','))}
      />
    );
  return <TextField label="Value" value={value} error={error} autoComplete="off" onValueChange={onValue} />;
}

export interface ConditionEditorProps {
  draft: RuleDraft;
  errors: FieldErrors;
  /** The new draft, and the error keys the change answers (`prefix.*`: every key under it, the conditions moved). */
  onChange: (next: RuleDraft, ...cleared: string[]) => void;
}

/**
 * The rule's conditions (spec part 2, 3 and 5): AND-groups of OR-conditions, each condition a
 * field, a name where the field takes one, an operator the field allows and a value (a list
 * for list-type fields); the last remaining condition cannot be removed.
 */
export function ConditionEditor({ draft, errors, onChange }: ConditionEditorProps) {
  const removable = conditionCount(draft) > 1;
  return (
    <fieldset className="rule-conditions">
      <legend>Conditions</legend>
      <p className="muted">A request matches when every AND-group has at least one matching condition.</p>
      {errors['rule.conditions'] ? (
        <p className="field-error" role="alert">
          {errors['rule.conditions']}
        </p>
      ) : null}
      {draft.conditions.map((conditions, group) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a condition is its place (the server's errors name `rule.conditions.<group>.<index>`), and its fields keep no state of their own.
        <div key={group} className="rule-group-wrap">
          {group > 0 ? (
            <p className="rule-joiner" aria-hidden="true">
              AND
            </p>
          ) : null}
          {/* biome-ignore lint/a11y/useSemanticElements: the AND-group is a styled box of conditions and buttons, which a fieldset's own border and legend would change; the name says which group it is. */}
          <div className="rule-group" role="group" aria-label={`AND-group ${group + 1}`}>
            {conditions.map((condition, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as the groups' key above: a condition is its place.
              <div key={index}>
                {index > 0 ? (
                  <p className="rule-joiner" aria-hidden="true">
                    OR
                  </p>
                ) : null}
                <ConditionRow
                  condition={condition}
                  group={group}
                  index={index}
                  errors={errors}
                  removable={removable}
                  onChange={(change, cleared) => onChange(updateCondition(draft, group, index, change), cleared)}
                  onRemove={() => onChange(removeCondition(draft, group, index), 'rule.conditions.*')}
                />
              </div>
            ))}
            <button
              type="button"
              className="button button-small"
              aria-label={`Add OR condition to AND-group ${group + 1}`}
              onClick={() => onChange(addCondition(draft, group), 'rule.conditions')}
            >
              Add OR condition
            </button>
          </div>
        </div>
      ))}
      <button type="button" className="button" onClick={() => onChange(addGroup(draft), 'rule.conditions')}>
        Add AND group
      </button>
    </fieldset>
  );
}
