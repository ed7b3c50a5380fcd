/** The sentence under a control that is not a text field (a checkbox, a group of radios): announced when it appears. */
export function FieldError({ error }: { error: string | undefined }) {
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}
