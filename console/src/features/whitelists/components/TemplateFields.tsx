import type { TemplateValue, WhitelistTemplate } from '@tranche/api';
import { Checkbox, Stack, TextArea, TextField } from '@tranche/ui-kit';

type Props = {
  template: WhitelistTemplate;
  values: Record<string, TemplateValue>;
  errors: Partial<Record<string, string>>;
  onChange: (name: string, value: TemplateValue) => void;
};

/** The fields of a whitelist template, each in the control its type asks for: text, text area, date or bool. */
export function TemplateFields({ template, values, errors, onChange }: Props) {
  return (
    <Stack space="medium">
      {template.fields.map((field) => {
        const value = values[field.name];
        switch (field.type) {
          case 'bool':
            return (
              <Checkbox
                key={field.name}
                label={field.label}
                checked={value === true}
                onCheckedChange={(checked) => onChange(field.name, checked)}
              />
            );
          case 'textarea':
            return (
              <TextArea
                key={field.name}
                label={field.label}
                rows={4}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => onChange(field.name, event.target.value)}
                error={errors[field.name]}
              />
            );
          default:
            return (
              <TextField
                key={field.name}
                label={field.label}
                type={field.type === 'date' ? 'date' : 'text'}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => onChange(field.name, event.target.value)}
                error={errors[field.name]}
              />
            );
        }
      })}
    </Stack>
  );
}
