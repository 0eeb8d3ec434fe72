import { useEffect } from 'react';
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * The resolver of a shared zod schema that is fetched on demand: the schema's chunk (zod with it) and the zod
 * resolver load after the form's first paint, not with the page. `preload` starts loading them (once); a submit
 * before they are in waits for them.
 */
export type LazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>> = {
  preload: () => Promise<unknown>;
  resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>>;
};

export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): LazyZodResolver<Schema> {
  let loading: Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | undefined;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as never,
    );
    return loading;
  };
  return {
    preload: load,
    resolver: async (values, context, options) => (await load())(values, context, options),
  };
}

/**
 * {@link useZodForm} for a page whose first load should not carry zod (the sign-in page): the same form and
 * messages, validated by a schema loaded right after the first render.
 */
export function useLazyZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  lazy: LazyZodResolver<Schema>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  useEffect(() => {
    void lazy.preload().catch(() => undefined);
  }, [lazy]);
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: lazy.resolver,
  });
}
