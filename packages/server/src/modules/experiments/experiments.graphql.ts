import type { GraphqlContext, GraphqlPart } from '../../platform/graphql/graphql-endpoint.js';
import { validationError } from '../../platform/http/http-error.js';
import type {
  QueryFeatureVariantAssignmentsByCodeAndAttributesArgs,
  QueryFeatureVariantAssignmentsByFeatureCodesArgs,
} from '../../platform/graphql/features-graphql-types.generated.js';
import type { UserContextService } from '../user-context/user-context.service.js';
import type { ExperimentsService } from './experiments.service.js';

/** At most this many feature codes per call; a page asks for a handful. */
export const MAX_FEATURE_CODES = 50;
const MAX_ATTRIBUTES = 20;

/** Platform §3/§7: feature assignment on `POST /api/2024-01/graphql/`. */
export const featuresTypeDefs = /* GraphQL */ `
  """
  A JSON object: a variant's configuration, as the operator wrote it.
  """
  scalar JSONObject

  """
  What a unit (the signed-in user, else the visitor) gets for one feature.
  """
  type FeatureVariantAssignment {
    featureCode: String!
    """
    In the experiment: the variant's configuration with its key as \`variant\`. Outside it: the
    experiment's default configuration, or {} when no experiment runs for the feature.
    """
    configuration: JSONObject!
    isInExperiment: Boolean!
    experimentIds: [Int!]!
  }

  input FeatureVariantAssignmentFilters {
    """
    Only the assignments in (true) or outside (false) an experiment.
    """
    isInExperiment: Boolean
  }

  """
  A fact about the unit known only at the time of the call (a device, a plan), matched against
  an experiment's targeting attributes.
  """
  input FeatureRealtimeAttribute {
    key: String!
    value: String!
  }

  extend type Query {
    featureVariantAssignmentsByFeatureCodes(
      featureCodes: [String!]!
      filters: FeatureVariantAssignmentFilters
    ): [FeatureVariantAssignment!]!
    featureVariantAssignmentsByCodeAndAttributes(
      featureCodes: [String!]!
      realtimeAttributes: [FeatureRealtimeAttribute!]
    ): [FeatureVariantAssignment!]!
  }
`;

function checkedCodes(featureCodes: readonly string[]): readonly string[] {
  if (featureCodes.length === 0)
    throw validationError({ featureCodes: ['Ask for at least one feature code.'] });
  if (featureCodes.length > MAX_FEATURE_CODES) {
    throw validationError({ featureCodes: [`Ask for at most ${MAX_FEATURE_CODES} feature codes at once.`] });
  }
  if (featureCodes.some((code) => code.length === 0 || code.length > 64)) {
    throw validationError({ featureCodes: ['A feature code has 1 to 64 characters.'] });
  }
  return featureCodes;
}

function attributesOf(
  attributes: QueryFeatureVariantAssignmentsByCodeAndAttributesArgs['realtimeAttributes'],
): Record<string, string> {
  const list = attributes ?? [];
  if (list.length > MAX_ATTRIBUTES) {
    throw validationError({ realtimeAttributes: [`Send at most ${MAX_ATTRIBUTES} attributes.`] });
  }
  if (list.some(({ key, value }) => key.length === 0 || key.length > 64 || value.length > 128)) {
    throw validationError({
      realtimeAttributes: ['An attribute key has 1 to 64 characters, a value at most 128.'],
    });
  }
  return Object.fromEntries(list.map(({ key, value }) => [key, value]));
}

export function featuresGraphql(deps: {
  experiments: ExperimentsService;
  userContext: UserContextService;
}): GraphqlPart {
  const { experiments, userContext } = deps;
  return {
    typeDefs: featuresTypeDefs,
    query: {
      featureVariantAssignmentsByFeatureCodes: async (
        args: QueryFeatureVariantAssignmentsByFeatureCodesArgs,
        context: GraphqlContext,
      ) => {
        const codes = checkedCodes(args.featureCodes);
        const unit = await userContext.assignmentUnitOf(context.request, context.reply);
        return experiments.assign(codes, unit, { isInExperiment: args.filters?.isInExperiment });
      },
      featureVariantAssignmentsByCodeAndAttributes: async (
        args: QueryFeatureVariantAssignmentsByCodeAndAttributesArgs,
        context: GraphqlContext,
      ) => {
        const codes = checkedCodes(args.featureCodes);
        const attributes = attributesOf(args.realtimeAttributes);
        const unit = await userContext.assignmentUnitOf(context.request, context.reply, attributes);
        return experiments.assign(codes, unit);
      },
    },
  };
}
