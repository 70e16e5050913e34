import { FEATURE_CODES, type ExperimentSummary } from '@lectern/domain';
import { Button, Fieldset, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { Controller, useFieldArray, type FieldError } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/load-messages';
import { useApiClient } from '../../platform/api';
import { useApiForm } from '../../platform/forms';
import { FormErrorAlert } from '../../ui/form-error-alert';
import { SubmitButton } from '../../ui/submit-button';
import { createExperiment, updateExperiment } from './experiments-admin-api';
import {
  EMPTY_VARIANT,
  experimentFormSchema,
  formValuesOf,
  NEW_EXPERIMENT,
  type Audience,
} from './experiment-form-values';

/** A field's message, also when the domain's rule named an entry of a list (`countries.0`). */
function messageOf(error: FieldError | FieldError[] | undefined): string | undefined {
  if (!error) return undefined;
  if (Array.isArray(error)) return error.find(Boolean)?.message;
  return error.message ?? (error as unknown as FieldError[])[0]?.message;
}

const AUDIENCE_MESSAGES: Record<Audience, MessageId> = {
  anyone: 'experimentsAdmin.who.anyone',
  signedIn: 'experimentsAdmin.who.signedIn',
  visitors: 'experimentsAdmin.who.visitors',
};

/**
 * Creates an experiment, or edits one. A running experiment's arms are frozen by the server
 * (it answers why); only its name and description may change while it runs.
 */
export function ExperimentForm({
  experiment,
  onDone,
}: {
  experiment: ExperimentSummary | null;
  onDone: () => void;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const { form, formError, onSubmit } = useApiForm({
    schema: experimentFormSchema,
    defaultValues: experiment ? formValuesOf(experiment) : NEW_EXPERIMENT,
    submit: (input) =>
      experiment ? updateExperiment(api, experiment.id, input) : createExperiment(api, input),
    onSuccess: onDone,
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const variants = useFieldArray({ control, name: 'variants' });
  const t = (id: MessageId) => intl.formatMessage({ id });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="experiment-form-heading">
      <Stack gap="md">
        <Text id="experiment-form-heading" fw={700} size="lg" component="h2">
          <FormattedMessage
            id={experiment ? 'experimentsAdmin.editHeading' : 'experimentsAdmin.newHeading'}
          />
        </Text>
        <FormErrorAlert message={formError} />
        <Group grow align="flex-start">
          <TextInput
            label={t('experimentsAdmin.featureCode')}
            description={t('experimentsAdmin.featureCodeHint')}
            list="experiment-feature-codes"
            autoComplete="off"
            error={errors.featureCode?.message}
            {...register('featureCode')}
          />
          <TextInput label={t('experimentsAdmin.name')} error={errors.name?.message} {...register('name')} />
        </Group>
        <datalist id="experiment-feature-codes">
          {Object.values(FEATURE_CODES).map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
        <Textarea
          label={t('experimentsAdmin.description')}
          autosize
          minRows={2}
          error={errors.description?.message}
          {...register('description')}
        />
        <Fieldset legend={t('experimentsAdmin.audience')}>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput
                label={t('experimentsAdmin.traffic')}
                description={t('experimentsAdmin.trafficHint')}
                inputMode="decimal"
                rightSection="%"
                error={errors.trafficPercent?.message}
                {...register('trafficPercent')}
              />
              <Controller
                control={control}
                name="targeting.audience"
                render={({ field }) => (
                  <Select
                    label={t('experimentsAdmin.who')}
                    data={(Object.keys(AUDIENCE_MESSAGES) as Audience[]).map((value) => ({
                      value,
                      label: t(AUDIENCE_MESSAGES[value]),
                    }))}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? 'anyone')}
                    onBlur={field.onBlur}
                  />
                )}
              />
            </Group>
            <Group grow align="flex-start">
              <TextInput
                label={t('experimentsAdmin.countries')}
                description={t('experimentsAdmin.countriesHint')}
                error={messageOf(errors.targeting?.countries)}
                {...register('targeting.countries')}
              />
              <TextInput
                label={t('experimentsAdmin.locales')}
                description={t('experimentsAdmin.localesHint')}
                error={messageOf(errors.targeting?.locales)}
                {...register('targeting.locales')}
              />
            </Group>
            <Textarea
              label={t('experimentsAdmin.attributes')}
              description={t('experimentsAdmin.attributesHint')}
              autosize
              minRows={1}
              ff="monospace"
              error={messageOf(errors.targeting?.attributes)}
              {...register('targeting.attributes')}
            />
          </Stack>
        </Fieldset>
        <Textarea
          label={t('experimentsAdmin.defaultConfiguration')}
          description={t('experimentsAdmin.defaultConfigurationHint')}
          autosize
          minRows={1}
          ff="monospace"
          error={errors.defaultConfiguration?.message}
          {...register('defaultConfiguration')}
        />
        <Fieldset legend={t('experimentsAdmin.variants')}>
          <Stack gap="sm">
            {errors.variants?.message && (
              <Text c="red" size="sm" role="alert">
                {errors.variants.message}
              </Text>
            )}
            {variants.fields.map((variant, index) => (
              <Group key={variant.id} align="flex-start" wrap="nowrap">
                <TextInput
                  label={intl.formatMessage({ id: 'experimentsAdmin.variantKey' }, { number: index + 1 })}
                  w={160}
                  error={errors.variants?.[index]?.key?.message}
                  {...register(`variants.${index}.key`)}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'experimentsAdmin.variantWeight' }, { number: index + 1 })}
                  w={110}
                  inputMode="numeric"
                  error={errors.variants?.[index]?.weight?.message}
                  {...register(`variants.${index}.weight`)}
                />
                <Textarea
                  label={intl.formatMessage(
                    { id: 'experimentsAdmin.variantConfiguration' },
                    { number: index + 1 },
                  )}
                  style={{ flex: 1 }}
                  autosize
                  minRows={1}
                  ff="monospace"
                  error={errors.variants?.[index]?.configuration?.message}
                  {...register(`variants.${index}.configuration`)}
                />
                <Button
                  variant="subtle"
                  color="red"
                  mt={24}
                  disabled={variants.fields.length === 1}
                  onClick={() => variants.remove(index)}
                >
                  {intl.formatMessage({ id: 'experimentsAdmin.removeVariant' }, { number: index + 1 })}
                </Button>
              </Group>
            ))}
            <Button variant="light" w="fit-content" onClick={() => variants.append({ ...EMPTY_VARIANT })}>
              <FormattedMessage id="experimentsAdmin.addVariant" />
            </Button>
          </Stack>
        </Fieldset>
        <Group>
          <SubmitButton loading={isSubmitting}>
            <FormattedMessage id={experiment ? 'experimentsAdmin.save' : 'experimentsAdmin.create'} />
          </SubmitButton>
          <Button variant="default" onClick={onDone}>
            <FormattedMessage id="experimentsAdmin.cancel" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
