import { Checkbox } from './Checkbox.tsx';
import { TextField } from './TextField.tsx';

/** The login details of a record, as its form holds them: the tick box and the three fields. */
export type Credentials = { enabled: boolean; username: string; password: string; hint: string };

export type CredentialFieldsProps = {
  value: Credentials;
  onChange: (change: Partial<Credentials>) => void;
  /** The record already has a username: the box offers to update it, and an empty password keeps the current one. */
  hasUsername: boolean;
  /** 'Admin ' for a clinic's administrator login: 'Admin Username', 'Admin Password', 'Admin Password Hint'. */
  labelPrefix?: string;
  /** Whether the form sends a password hint (a clinic sends one only when it is added). */
  withHint?: boolean;
};

/**
 * docs/spec.md §4: a record without a username is offered 'Add Username and Password', one with a username 'Update
 * Username and Password'; the fields are disabled, and nothing is sent, until the box is ticked.
 */
export function CredentialFields({
  value,
  onChange,
  hasUsername,
  labelPrefix = '',
  withHint = true,
}: CredentialFieldsProps) {
  const isDisabled = !value.enabled;
  return (
    <fieldset className="field-group">
      <Checkbox isSelected={value.enabled} onChange={(enabled) => onChange({ enabled })}>
        {hasUsername ? 'Update Username and Password' : 'Add Username and Password'}
      </Checkbox>
      <div className="form-row">
        <TextField
          label={`${labelPrefix}Username`}
          autoComplete="off"
          isDisabled={isDisabled}
          value={value.username}
          onChange={(username) => onChange({ username })}
        />
        <TextField
          label={`${labelPrefix}Password`}
          type="password"
          autoComplete="new-password"
          isDisabled={isDisabled}
          value={value.password}
          onChange={(password) => onChange({ password })}
          description={hasUsername ? 'Leave empty to keep the current password.' : undefined}
        />
      </div>
      {withHint && (
        <TextField
          label={`${labelPrefix}Password Hint`}
          autoComplete="off"
          isDisabled={isDisabled}
          value={value.hint}
          onChange={(hint) => onChange({ hint })}
        />
      )}
    </fieldset>
  );
}
