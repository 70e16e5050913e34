import { PAGE_ROUTES, type GiftPreview } from '@lectern/domain';
import {
  Alert,
  Anchor,
  Blockquote,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import { usePageTitle } from '../../app/shell/use-page-title';
import { useMe } from '../../app/user-context/use-user-context';
import { useApiClient } from '../../platform/api';
import { LoadErrorAlert } from '../../ui/load-error-alert';
import { PageLoader } from '../../ui/page-loader';
import { authPath } from '../auth/auth-paths';
import { SUBSCRIBED_COURSES_QUERY_KEY } from '../catalog/courses-api';
import { GIFT_PREVIEW_QUERY_KEY, giftPreviewQuery, redeemGift } from './gift-redeem-api';
import { GIFT_REFUSAL_MESSAGES, previewRefusal, refusalMessageOf } from './gift-redeem-refusals';

/**
 * The gift's part of the page keeps at least this height from the first render on, so the
 * loader turning into the gift moves nothing below it (the footer).
 */
const CONTENT_MIN_HEIGHT = 360;

function MyCoursesButton() {
  return (
    <Button component={Link} to={PAGE_ROUTES.myCourses} w="fit-content">
      <FormattedMessage id="giftRedeem.goToMyCourses" />
    </Button>
  );
}

/** The course, who sent it and their message (text only: React escapes it, nothing is HTML). */
function GiftCard({ preview }: { preview: GiftPreview }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="gift-card">
      <Stack gap="sm" component="section" aria-labelledby="gift-course-heading">
        <Text>
          {preview.from_name ? (
            <FormattedMessage id="giftRedeem.from" values={{ name: preview.from_name }} />
          ) : (
            <FormattedMessage id="giftRedeem.fromSomeone" />
          )}
        </Text>
        <Title order={2} size="h3" id="gift-course-heading">
          {preview.course.title}
        </Title>
        {preview.recipient_name && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="giftRedeem.forName" values={{ name: preview.recipient_name }} />
          </Text>
        )}
        {preview.message && (
          <Box>
            <Text size="sm" fw={700}>
              <FormattedMessage id="giftRedeem.messageLabel" />
            </Text>
            <Blockquote
              p="sm"
              mt={4}
              data-testid="gift-message"
              style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {preview.message}
            </Blockquote>
          </Box>
        )}
        <Anchor component={Link} to={preview.course.url} size="sm" w="fit-content">
          <FormattedMessage id="giftRedeem.aboutCourse" />
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** A visitor logs in or signs up first; both come back to this very link (`next`). */
function VisitorChoice({ here }: { here: string }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        <FormattedMessage id="giftRedeem.visitor" />
      </Text>
      <Group>
        <Button component={Link} to={authPath('login', here)}>
          <FormattedMessage id="giftRedeem.logIn" />
        </Button>
        <Button component={Link} to={authPath('signup', here)} variant="default">
          <FormattedMessage id="giftRedeem.signUp" />
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A signed-in user adds the course with one button; a refusal (409: redeemed meanwhile,
 * refunded, a course they own) is said next to it, and success leads to their courses.
 */
function RedeemStep({ code, preview, email }: { code: string; preview: GiftPreview; email: string }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const redeem = useMutation({
    mutationFn: () => redeemGift(api, code),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SUBSCRIBED_COURSES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: GIFT_PREVIEW_QUERY_KEY }),
      ]),
  });

  if (redeem.isSuccess || preview.redeemed_by_you) {
    return (
      <Stack gap="md" align="flex-start" data-testid="gift-redeemed">
        <Alert color="green" variant="light" role="status" w="100%">
          <FormattedMessage
            id={redeem.isSuccess ? 'giftRedeem.redeemed' : 'giftRedeem.alreadyYours'}
            values={{ title: preview.course.title }}
          />
        </Alert>
        <MyCoursesButton />
      </Stack>
    );
  }

  const refusal = redeem.isError ? refusalMessageOf(redeem.error) : null;
  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm">
        <FormattedMessage id="giftRedeem.signedInAs" values={{ email }} />
      </Text>
      {redeem.isError && (
        <Alert color="red" variant="light" role="alert" w="100%" data-testid="gift-redeem-error">
          <FormattedMessage id={refusal ?? 'giftRedeem.failed'} />
        </Alert>
      )}
      {/* A refusal is final for this link and account; a failure may be tried again. */}
      {!refusal && (
        <Button loading={redeem.isPending} onClick={() => redeem.mutate()}>
          <FormattedMessage id="giftRedeem.redeem" />
        </Button>
      )}
    </Stack>
  );
}

function GiftContent({ code }: { code: string }) {
  const intl = useIntl();
  const api = useApiClient();
  const me = useMe();
  const { pathname, search } = useLocation();
  const preview = useQuery(giftPreviewQuery(api, code));

  if (preview.isPending) return <PageLoader label={intl.formatMessage({ id: 'giftRedeem.loading' })} />;
  if (preview.isError) {
    const refusal = refusalMessageOf(preview.error);
    if (refusal) {
      return (
        <Alert color="red" variant="light" role="alert" data-testid="gift-refusal">
          <FormattedMessage id={refusal} />
        </Alert>
      );
    }
    return (
      <LoadErrorAlert
        message={<FormattedMessage id="giftRedeem.loadFailed" />}
        onRetry={() => void preview.refetch()}
      />
    );
  }
  const gift = preview.data;
  const refusal = previewRefusal(gift);
  return (
    <Stack gap="lg">
      <GiftCard preview={gift} />
      {refusal ? (
        <Alert color="yellow" variant="light" role="status" data-testid="gift-refusal">
          <FormattedMessage id={refusal} />
        </Alert>
      ) : me.is_authenticated ? (
        <RedeemStep code={code} preview={gift} email={me.email} />
      ) : (
        <VisitorChoice here={`${pathname}${search}`} />
      )}
    </Stack>
  );
}

/**
 * `/gift/redeem/?code=…`: where a gift's mail leads. Anyone holding the link sees the course,
 * who sent it and their message; a signed-in user adds the course to their account, a visitor
 * logs in or signs up first and comes back here. A link that is unknown, refunded or redeemed
 * by someone else says so.
 */
export function GiftRedeemPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'giftRedeem.pageTitle' }));
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          <FormattedMessage id="giftRedeem.heading" />
        </Title>
        <Box mih={CONTENT_MIN_HEIGHT}>
          {code ? (
            <GiftContent code={code} />
          ) : (
            <Alert color="red" variant="light" role="alert" data-testid="gift-refusal">
              <FormattedMessage id={GIFT_REFUSAL_MESSAGES.gift_not_found} />
            </Alert>
          )}
        </Box>
      </Stack>
    </Container>
  );
}
