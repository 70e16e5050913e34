import {
  CODE_KIND_LABELS,
  CODE_KINDS,
  CODE_SCOPE_LABELS,
  CODE_SCOPES,
  CURRENCY_CODES,
  type AdminBulkCodesResult,
  type AdminCodeDetail,
} from '@lectern/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { SubmitButton } from '../../ui/submit-button';
import {
  adminCoursesQuery,
  campaignCsvHref,
  categoriesQuery,
  createCode,
  generateCodes,
  priceTiersQuery,
} from './admin-catalog-api';
import {
  bulkCodesFormSchema,
  codeFieldOf,
  codeFormSchema,
  NEW_CODE,
  type CodeFormValues,
} from './code-form-values';

const KIND_OPTIONS = CODE_KINDS.map((kind) => ({ value: kind, label: CODE_KIND_LABELS[kind] }));
const SCOPE_OPTIONS = CODE_SCOPES.map((scope) => ({ value: scope, label: CODE_SCOPE_LABELS[scope] }));
const CURRENCY_OPTIONS = CURRENCY_CODES.map((currency) => ({ value: currency, label: currency }));

/** One new code, or a campaign of generated ones (`bulk`): the same terms either way. */
export function CodeForm({
  bulk,
  onCreated,
  onGenerated,
  onCancel,
}: {
  bulk: boolean;
  onCreated?: (code: AdminCodeDetail) => void;
  onGenerated?: (result: AdminBulkCodesResult) => void;
  onCancel: () => void;
}) {
  const api = useApiClient();
  const { form, formError, onSubmit } = useApiForm<CodeFormValues, unknown>({
    schema: bulk ? bulkCodesFormSchema : codeFormSchema,
    defaultValues: NEW_CODE,
    submit: async (input) => {
      if (bulk) onGenerated?.(await generateCodes(api, input as Parameters<typeof generateCodes>[1]));
      else onCreated?.(await createCode(api, input as Parameters<typeof createCode>[1]));
    },
    fieldOf: codeFieldOf,
  });
  const {
    register,
    control,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const kind = watch('kind');
  const scope = watch('scope');
  const oneUse = watch('one_use');

  return (
    <form onSubmit={onSubmit} noValidate aria-label={bulk ? 'Generate codes' : 'New code'}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        {bulk ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Campaign"
              maxLength={80}
              error={errors.campaign?.message}
              {...register('campaign')}
            />
            <TextInput
              label="How many codes"
              description="1 to 5000"
              inputMode="numeric"
              error={errors.count?.message}
              {...register('count')}
            />
            <TextInput
              label="Prefix (optional)"
              description="e.g. SPRING gives SPRING-7KQ…"
              maxLength={40}
              error={errors.prefix?.message}
              {...register('prefix')}
            />
          </SimpleGrid>
        ) : (
          <TextInput
            label="Code"
            description="4 to 255 letters, digits, dots, underscores or hyphens; buyers type it in any case."
            maxLength={255}
            autoComplete="off"
            error={errors.code?.message}
            {...register('code')}
          />
        )}
        <TextInput
          label="Description (optional)"
          maxLength={500}
          error={errors.description?.message}
          {...register('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <Select
                label="What it takes off"
                data={KIND_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'percentage')}
                allowDeselect={false}
              />
            )}
          />
          <DiscountField kind={kind} control={control} register={register} errors={errors} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="scope"
            render={({ field }) => (
              <Select
                label="Applies to"
                data={SCOPE_OPTIONS}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'all')}
                allowDeselect={false}
              />
            )}
          />
          {scope === 'category' && <CategoryField control={control} error={errors.category_id?.message} />}
        </SimpleGrid>
        {scope === 'courses' && <CoursesField control={control} error={errors.course_ids?.message} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Starts (optional)"
            type="datetime-local"
            error={errors.starts_at?.message}
            {...register('starts_at')}
          />
          <TextInput
            label="Ends (optional)"
            type="datetime-local"
            error={errors.ends_at?.message}
            {...register('ends_at')}
          />
        </SimpleGrid>
        <Checkbox label="One use only (the first buyer to pay uses it up)" {...register('one_use')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Usage limit (optional)"
            description="Uses in total, per code"
            inputMode="numeric"
            disabled={oneUse}
            error={errors.usage_limit?.message}
            {...register('usage_limit')}
          />
          <TextInput
            label="Limit per buyer (optional)"
            inputMode="numeric"
            error={errors.per_buyer_limit?.message}
            {...register('per_buyer_limit')}
          />
        </SimpleGrid>
        {!bulk && <Checkbox label="Offer it in every cart (a public code)" {...register('is_public')} />}
        <Group>
          <SubmitButton loading={isSubmitting}>{bulk ? 'Generate codes' : 'Create code'}</SubmitButton>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type CodeControl = Control<CodeFormValues, unknown, unknown>;
type FormParts = {
  register: UseFormRegister<CodeFormValues>;
  control: CodeControl;
  errors: FieldErrors<CodeFormValues>;
};

function DiscountField({ kind, control, register, errors }: { kind: CodeFormValues['kind'] } & FormParts) {
  const api = useApiClient();
  const tiers = useQuery({ ...priceTiersQuery(api), enabled: kind === 'target_price' });
  if (kind === 'percentage') {
    return (
      <TextInput
        label="Percent off"
        inputMode="decimal"
        rightSection="%"
        error={errors.percent?.message}
        {...register('percent')}
      />
    );
  }
  if (kind === 'fixed_amount') {
    return (
      <Group grow align="flex-start" gap="xs">
        <TextInput
          label="Amount off"
          inputMode="decimal"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <Select
              label="Currency"
              data={CURRENCY_OPTIONS}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              searchable
              error={errors.currency?.message}
            />
          )}
        />
      </Group>
    );
  }
  return (
    <Controller
      control={control}
      name="target_price_tier_id"
      render={({ field }) => (
        <Select
          label="Buyers pay the tier"
          description="The tier’s amount in the buyer’s currency becomes the price."
          data={(tiers.data?.results ?? []).map((tier) => ({ value: String(tier.id), label: tier.name }))}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          error={errors.target_price_tier_id?.message}
        />
      )}
    />
  );
}

function CategoryField({ control, error }: { control: CodeControl; error?: string }) {
  const api = useApiClient();
  const categories = useQuery(categoriesQuery(api));
  const options = (categories.data ?? []).flatMap((category) => [
    { value: String(category.id), label: `${category.title} (and its subcategories)` },
    ...category.subcategories.map((sub) => ({
      value: String(sub.id),
      label: `${category.title} › ${sub.title}`,
    })),
  ]);
  return (
    <Controller
      control={control}
      name="category_id"
      render={({ field }) => (
        <Select
          label="Category"
          data={options}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          searchable
          error={error}
        />
      )}
    />
  );
}

/** Courses picked by title (searched on the server as staff type), the chosen ones kept listed. */
function CoursesField({ control, error }: { control: CodeControl; error?: string }) {
  const api = useApiClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  const matches = useQuery(
    adminCoursesQuery(api, new URLSearchParams({ q: debounced, page_size: '20', sort: 'title' })),
  );
  const options = new Map(known);
  for (const course of matches.data?.results ?? []) options.set(String(course.id), course.title);
  return (
    <Controller
      control={control}
      name="course_ids"
      render={({ field }) => (
        <MultiSelect
          label="Courses"
          placeholder="Type to find courses"
          data={[...options].map(([value, label]) => ({ value, label }))}
          value={field.value}
          onChange={(value) => {
            setKnown(
              (current) => new Map([...current, ...value.map((id) => [id, options.get(id) ?? id] as const)]),
            );
            field.onChange(value);
          }}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={matches.isFetching ? 'Searching…' : 'No course matches'}
          error={error}
        />
      )}
    />
  );
}

/** What the bulk generator made: a sample and the CSV of the whole campaign. */
export function GeneratedCodes({ result }: { result: AdminBulkCodesResult }) {
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title={`${result.created} codes made for “${result.campaign}”`}
    >
      <Stack gap="xs">
        <Text size="sm">
          The first ones: <Code>{result.sample.join(', ')}</Code>
        </Text>
        <Anchor href={campaignCsvHref(result.campaign)} download fw={700}>
          Download all codes (CSV)
        </Anchor>
      </Stack>
    </Alert>
  );
}
