import {
  DUNNING_RETRY_DAYS,
  REFUND_WINDOW_DAYS,
  TEAM_PLAN_LICENSES,
  TRIAL_REMINDER_DAYS,
} from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, listText, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, businessBrand, seller }) => ({
  title: 'Central de Ajuda',
  description: `Respostas às dúvidas mais comuns sobre reembolsos, faturas, pagamentos, assinaturas, Team Plans e a sua conta do ${brand}.`,
  intro: (
    <p>
      Respostas às dúvidas que mais recebemos. Se a sua não estiver aqui,{' '}
      <a href="#help-contact">escreva para nós</a>.
    </p>
  ),
  sections: [
    {
      id: 'help-refunds',
      heading: 'Reembolsos',
      subsections: [
        {
          id: 'help-refund-how',
          heading: 'Como peço o reembolso de um curso?',
          body: (
            <p>
              Em até {REFUND_WINDOW_DAYS} dias após a compra, abra o seu{' '}
              <PageLink to="purchaseHistory">Histórico de compras</PageLink>, encontre o curso e escolha
              "Solicitar reembolso". O curso sai de Meus cursos na mesma hora, e enviamos um e-mail quando o
              reembolso for concluído. Os detalhes estão na nossa{' '}
              <PageLink to="refundPolicy">Política de Reembolso</PageLink>.
            </p>
          ),
        },
        {
          id: 'help-refund-when',
          heading: 'Quando recebo o meu dinheiro de volta?',
          body: (
            <p>
              Enviamos o reembolso para o cartão ou a forma de pagamento que você usou assim que você o
              solicita. Normalmente, ele aparece na sua fatura ou extrato em 5 a 10 dias úteis, dependendo do
              banco. A parte paga com crédito da conta volta para o seu crédito da conta.
            </p>
          ),
        },
        {
          id: 'help-refund-refused',
          heading: 'Por que não consigo solicitar um reembolso?',
          body: (
            <p>
              Um curso não pode ser reembolsado depois de {REFUND_WINDOW_DAYS} dias da compra, duas vezes,
              quando nada foi pago por ele (um curso gratuito ou um desconto de 100%) nem antes de o pagamento
              ser compensado (um boleto não pago, por exemplo). O seu Histórico de compras mostra o último dia
              para fazer o pedido.
            </p>
          ),
        },
        {
          id: 'help-refund-subscription',
          heading: 'Posso pedir reembolso de uma assinatura?',
          body: (
            <p>
              Os pagamentos de assinaturas não são reembolsados, exceto quando exigido por lei. Cancele antes
              da próxima renovação para evitar novas cobranças; o acesso continua até o fim do período já
              pago.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-invoices',
      heading: 'Faturas e recibos',
      subsections: [
        {
          id: 'help-invoice-where',
          heading: 'Onde encontro a minha fatura?',
          body: (
            <p>
              No seu <PageLink to="purchaseHistory">Histórico de compras</PageLink>: cada pedido de cursos e
              cada pagamento de assinatura tem uma fatura em PDF ("Baixar"), e cada reembolso, uma nota de
              crédito. Proprietários e administradores de uma organização também encontram ali as faturas da
              organização, além da seção Cobrança, na área de administração da organização.
            </p>
          ),
        },
        {
          id: 'help-invoice-business',
          heading: 'A fatura pode mostrar a minha empresa e o meu número fiscal?',
          body: (
            <p>
              Sim. Nos países em que números fiscais de empresas são aceitos, informe o seu número de IVA ou
              GST no checkout; se a venda estiver sujeita à inversão do sujeito passivo (reverse charge), o
              IVA não é somado e a fatura informa o motivo. No Team Plan, os proprietários e administradores
              mantêm os dados de cobrança e o número fiscal da organização em Cobrança. Uma fatura não pode
              ser alterada depois de emitida: se houver um erro, escreva para nós informando o número dela.
            </p>
          ),
        },
        {
          id: 'help-invoice-tax',
          heading: 'Por que foi cobrado imposto na minha compra?',
          body: (
            <p>
              O imposto sobre vendas, IVA ou GST depende do seu país de cobrança (e, nos Estados Unidos e no
              Canadá, do seu CEP ou da sua província). O checkout mostra o imposto antes do pagamento, e a sua
              fatura mostra cada imposto separadamente.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-payments',
      heading: 'Formas de pagamento',
      subsections: [
        {
          id: 'help-payment-methods',
          heading: 'Quais formas de pagamento posso usar?',
          body: (
            <p>
              Cartões em todos os países e, dependendo do seu país de cobrança, Apple Pay, Google Pay, PayPal,
              compre agora e pague depois e formas de pagamento locais como Pix, Boleto, iDEAL, débito direto
              SEPA, OXXO ou UPI. O checkout mostra as formas disponíveis no seu país. As assinaturas são pagas
              com cartão. Na compra de cursos, o crédito da sua conta é usado primeiro.
            </p>
          ),
        },
        {
          id: 'help-payment-declined',
          heading: 'Por que o meu pagamento foi recusado?',
          body: (
            <p>
              Confira o número do cartão, a data de validade, o código de segurança e o país de cobrança. Os
              bancos também recusam pagamentos por saldo ou limite insuficiente, por bloqueio de compras
              on-line ou no exterior ou por uma verificação de segurança (3-D Secure) não concluída. Tente
              novamente, use outra forma de pagamento ou fale com o seu banco. Depois de várias tentativas
              recusadas, o checkout pausa os pagamentos com cartão por um tempo para proteger a sua conta.
            </p>
          ),
        },
        {
          id: 'help-payment-saved',
          heading: 'Como removo um cartão salvo?',
          body: (
            <p>
              Na página <PageLink to="paymentSettings">Formas de pagamento</PageLink>, escolha "Excluir" ao
              lado do cartão.
            </p>
          ),
        },
        {
          id: 'help-payment-pending',
          heading: 'O meu pagamento está pendente. E agora?',
          body: (
            <p>
              Boletos, vouchers como o OXXO e alguns pagamentos bancários só são confirmados depois que você
              os paga. A página de confirmação tem o link para o seu boleto ou voucher; o curso fica
              disponível assim que o pagamento é compensado. Um boleto ou voucher não pago até o vencimento é
              cancelado sem nenhum custo.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-subscriptions',
      heading: 'Assinaturas',
      subsections: [
        {
          id: 'help-subscription-cancel',
          heading: 'Como cancelo a minha assinatura?',
          body: (
            <p>
              Na página <PageLink to="manageSubscriptions">Assinaturas</PageLink>, escolha "Cancelar
              assinatura". O acesso continua até o fim do período já pago, e você pode reativar a assinatura
              até lá.
            </p>
          ),
        },
        {
          id: 'help-subscription-trial',
          heading: 'Haverá cobrança depois do teste gratuito?',
          body: (
            <p>
              Sim, a menos que você cancele antes do fim do teste. O cartão é cobrado quando o teste termina,
              e enviamos um lembrete por e-mail {TRIAL_REMINDER_DAYS} dias antes. Cada cartão pode ser usado
              em apenas um teste gratuito.
            </p>
          ),
        },
        {
          id: 'help-subscription-failed',
          heading: 'O que acontece se o pagamento de uma renovação falhar?',
          body: (
            <p>
              Enviamos um e-mail e tentamos novamente {listText('pt-BR', DUNNING_RETRY_DAYS)} dias após o
              vencimento; enquanto isso, o plano continua disponível. Verifique se o seu cartão pode ser
              cobrado ou pergunte ao seu banco por que o pagamento foi recusado. Se a última tentativa falhar,
              a assinatura é encerrada.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-team-plan',
      heading: 'Licenças do Team Plan',
      subsections: [
        {
          id: 'help-team-licenses',
          heading: 'Quantas licenças um Team Plan pode ter?',
          body: (
            <p>
              De {TEAM_PLAN_LICENSES.minimum} a {TEAM_PLAN_LICENSES.maximum}. Cada licença permite que um
              membro aprenda com o {businessBrand}. Organizações maiores podem nos consultar sobre o
              Enterprise Plan.
            </p>
          ),
        },
        {
          id: 'help-team-add',
          heading: 'Como adiciono licenças?',
          body: (
            <p>
              Proprietários e administradores escolhem "Adicionar licenças" em Gerenciamento da assinatura, na
              área de administração da organização. As licenças adicionadas durante o teste gratuito não
              custam nada até o fim dele; depois, você paga na hora o restante do período de cobrança atual,
              proporcional aos dias.
            </p>
          ),
        },
        {
          id: 'help-team-invite',
          heading: 'Como dou uma licença a um colega?',
          body: (
            <p>
              Em Usuários, na área de administração da organização, escolha "Convidar usuários" e informe o
              e-mail da pessoa. Cada convite em aberto reserva uma licença; o seu colega aceita pelo link do
              e-mail. Ao remover um membro, a licença dele fica livre para outra pessoa. Os Team Plans são
              regidos pelos <PageLink to="businessTerms">Termos do {businessBrand}</PageLink>.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-account',
      heading: 'Sua conta',
      subsections: [
        {
          id: 'help-account-access',
          heading: 'Esqueci a minha senha ou quero mudar o meu e-mail',
          body: (
            <p>
              Escreva para nós usando o e-mail da sua conta, para que possamos confirmar que a conta é sua, e
              vamos ajudar você.
            </p>
          ),
        },
        {
          id: 'help-account-delete',
          heading: 'Como excluo a minha conta?',
          body: (
            <p>
              Escreva para nós usando o e-mail da sua conta. Antes, cancele qualquer assinatura. Excluímos os
              seus dados pessoais, exceto as faturas e os registros que as leis fiscais nos obrigam a guardar,
              como explica a nossa <PageLink to="privacyPolicy">Política de Privacidade</PageLink>.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-contact',
      heading: 'Fale conosco',
      body: (
        <>
          <p>
            Escreva para <MailLink email={seller.supportEmail} /> usando o e-mail da sua conta. Se for sobre
            uma compra, informe o número da fatura ou a data e o curso, para que possamos encontrá-la
            rapidamente.
          </p>
          <p>
            {seller.name}
            {seller.address && <>, {addressLine(seller.address)}</>}
          </p>
        </>
      ),
    },
  ],
});
