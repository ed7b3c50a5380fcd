import { useEffect, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Switch } from '../../components/Switch';
import { TextField } from '../../components/TextField';
import { useForm, type FormBinding } from '../../components/form/use-form';
import { COMPANY_SCOPES } from '../../lib/rules/company-tabs';
import { COLOUR_FIELDS, COLOUR_LABELS, LOGO_MAX_BYTES, LOGO_TOO_LARGE, type ColourField } from '../../lib/schemas/partner-details';
import type { PartnerDetails } from '../../lib/api/partner-details';
import { $partnerDetails, loadPartnerDetails, partnerForm, partnerValues, type PartnerValues } from '../../stores/company-settings-partner';
import { toastError } from '../../stores/toasts';
import { useCompanyCan } from './use-company-can';

const COLOUR = /^#[0-9a-f]{6}$/i;

/** A colour as #rrggbb, typed or picked; the picker shows what the text holds. */
function ColourInput({ form, field }: { form: FormBinding<PartnerValues, unknown>; field: ColourField }) {
  const value = form.values[field];
  return (
    <div className="partner-colour">
      <TextField label={COLOUR_LABELS[field]} placeholder="#1f6feb" autoComplete="off" {...form.text(field)} />
      <input
        type="color"
        className="partner-colour-picker"
        aria-label={`Pick ${COLOUR_LABELS[field].toLowerCase()}`}
        value={COLOUR.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(e) => form.set(field, e.target.value)}
      />
    </div>
  );
}

/** The logo: an image file read into a data URL, within the size limit (docs/decisions.md "Company settings"). */
function LogoField({ form }: { form: FormBinding<PartnerValues, unknown> }) {
  const logo = form.values.custom_logo;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      partnerForm.showErrors({ custom_logo: LOGO_TOO_LARGE });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => form.set('custom_logo', String(reader.result));
    reader.onerror = () => toastError(reader.error);
    reader.readAsDataURL(file);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the logo's preview and its buttons, not form fields a fieldset would group; the group takes its name from the label.
    <div className="partner-logo" role="group" aria-labelledby="partner-logo-label">
      <span id="partner-logo-label" className="field-label">
        Custom logo
      </span>
      {logo ? <img className="partner-logo-preview" src={logo} alt="Custom logo preview" /> : <span className="muted">No logo: the provider's is shown.</span>}
      <label className="button partner-logo-upload">
        {logo ? 'Replace logo' : 'Upload logo'}
        <input type="file" accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml" className="visually-hidden" onChange={pick} />
      </label>
      {logo ? (
        <button type="button" className="button" onClick={() => form.set('custom_logo', '')}>
          Remove logo
        </button>
      ) : null}
      <span className="field-hint">PNG, JPEG, WebP, GIF or SVG, up to 100 KiB.</span>
      {form.errors.custom_logo ? (
        <span className="field-error" role="alert">
          {form.errors.custom_logo}
        </span>
      ) : null}
    </div>
  );
}

function PartnerForm({ details, editable }: { details: PartnerDetails; editable: boolean }) {
  const form = useForm(partnerForm, { initial: partnerValues(details) });
  const bound = form as FormBinding<PartnerValues, unknown>;
  return (
    <form {...form.form} aria-label="Partner details">
      <fieldset className="partner-section" disabled={!editable}>
        <legend>White label</legend>
        <TextField label="Custom domain" placeholder="panel.example.com" autoComplete="off" hint="The address your customers open the panel at." {...form.text('custom_domain')} />
        <LogoField form={bound} />
      </fieldset>
      <fieldset className="partner-section" disabled={!editable}>
        <legend>Support</legend>
        <Switch label="Show support info" checked={form.values.show_support_info} onCheckedChange={(v) => form.set('show_support_info', v)} disabled={!editable} />
        <div className="form-grid">
          <TextField label="Support name" autoComplete="off" {...form.text('support_name')} />
          <TextField label="Support email" type="email" autoComplete="off" {...form.text('support_email')} />
          <TextField label="Support phone" type="tel" autoComplete="off" {...form.text('support_phone')} />
          <TextField label="Support URL" placeholder="https://example.com/support" autoComplete="off" {...form.text('support_url')} />
        </div>
      </fieldset>
      <fieldset className="partner-section" disabled={!editable}>
        <legend>Custom styles</legend>
        <Switch label="Use custom styles" checked={form.values.use_custom_styles} onCheckedChange={(v) => form.set('use_custom_styles', v)} disabled={!editable} />
        <p className="field-hint">With custom styles on, every colour is needed; the panel reloads with them after saving.</p>
        <div className="form-grid partner-colours">
          {COLOUR_FIELDS.map((f) => (
            <ColourInput key={f} form={bound} field={f} />
          ))}
        </div>
      </fieldset>
      {editable ? (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={form.busy} aria-busy={form.busy}>
            Save
          </button>
        </div>
      ) : null}
    </form>
  );
}

/**
 * Company > Partner Details (spec part 3, 2.9, 4): the partner's white label. Saving changed
 * custom styles reloads the page 500 ms later, restyled for the company.
 */
export function PartnerDetailsTab({ company }: { company: string }) {
  const can = useCompanyCan();
  const details = useStore($partnerDetails);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again when another company is shown; the list reads which one from its store.
  useEffect(() => {
    void loadPartnerDetails();
  }, [company]);
  return (
    <section aria-label="Partner Details" className="partner-details">
      {details ? (
        <PartnerForm key={company} details={details} editable={can(COMPANY_SCOPES.editProfile)} />
      ) : (
        <p className="page-loading" role="status">
          Loading...
        </p>
      )}
    </section>
  );
}
