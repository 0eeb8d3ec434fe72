import { Select } from '../Select/Select.tsx';

export type Partition = { name: string; description?: string };

export type PartitionSelectProps = {
  partitions: readonly Partition[];
  value: string;
  onChange: (name: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** Adds an 'All partitions' option with value '' (e.g. for operators). */
  allowAll?: boolean;
};

/** Partition picker: shows 'description (name)', submits the partition name (its value). */
export function PartitionSelect({
  partitions,
  value,
  onChange,
  label = 'Partition',
  error,
  disabled,
  required,
  allowAll = false,
}: PartitionSelectProps) {
  return (
    <Select
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      required={required}
      placeholder={allowAll ? 'All partitions' : 'Select a partition'}
      options={partitions.map((partition) => ({
        value: partition.name,
        label:
          partition.description && partition.description !== partition.name
            ? `${partition.description} (${partition.name})`
            : partition.name,
      }))}
    />
  );
}
