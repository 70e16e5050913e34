import { type AdminCustomerDetail } from '@lectern/domain';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useStaffMay } from '../admin-shell/admin-layout';
import { AnonymiseCustomerModal } from './anonymise-customer-modal';
import { CustomerCreditModal } from './customer-credit-modal';
import { EndSessionsModal } from './customer-sessions';

type Dialog = 'credit' | 'sessions' | 'anonymise' | null;

/** The page's actions, each offered only to roles that may do it (the server checks again). */
export function CustomerActions({
  customer,
  onDone,
}: {
  customer: AdminCustomerDetail;
  onDone: (text: string) => void;
}) {
  const mayCredit = useStaffMay('credit.write');
  const mayWrite = useStaffMay('customers.write');
  const [dialog, setDialog] = useState<Dialog>(null);
  const anonymised = customer.profile.anonymised_at !== null;
  if (anonymised || (!mayCredit && !mayWrite)) return null;
  const close = () => setDialog(null);
  const done = (text: string) => {
    setDialog(null);
    onDone(text);
  };
  return (
    <>
      {mayCredit && (
        <Button variant="default" onClick={() => setDialog('credit')}>
          Grant or remove credit
        </Button>
      )}
      {mayWrite && (
        <Button
          variant="default"
          onClick={() => setDialog('sessions')}
          disabled={customer.active_sessions === 0}
        >
          End all sessions
        </Button>
      )}
      {mayWrite && (
        <Button color="red" variant="light" onClick={() => setDialog('anonymise')}>
          Anonymise
        </Button>
      )}
      {dialog === 'credit' && <CustomerCreditModal customer={customer} onClose={close} onDone={done} />}
      {dialog === 'sessions' && <EndSessionsModal customer={customer} onClose={close} onDone={done} />}
      {dialog === 'anonymise' && <AnonymiseCustomerModal customer={customer} onClose={close} onDone={done} />}
    </>
  );
}
