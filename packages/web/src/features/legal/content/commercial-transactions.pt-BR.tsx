import { REFUND_WINDOW_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, FactTable, MailLink, PageLink } from '../legal-prose';

const ON_REQUEST = 'Informado sem demora mediante solicitação.';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Informações exigidas pela Lei de Transações Comerciais Específicas do Japão',
  description: `O vendedor e as condições de venda do ${brand}, conforme exige a Lei de Transações Comerciais Específicas do Japão.`,
  intro: (
    <p>
      A Lei de Transações Comerciais Específicas do Japão (特定商取引法) exige que os vendedores on-line
      publiquem as informações abaixo. Elas se aplicam a todas as compras no {brand}. A versão em japonês
      desta página é a que prevalece.
    </p>
  ),
  sections: [
    {
      id: 'commercial-seller',
      heading: 'Vendedor',
      body: (
        <FactTable
          rows={[
            ['Vendedor', seller.name],
            ['Responsável pela operação', ON_REQUEST],
            ['Endereço', seller.address ? addressLine(seller.address) : ON_REQUEST],
            ['Telefone', `${ON_REQUEST} Entre em contato primeiro por e-mail.`],
            ['E-mail', <MailLink key="email" email={seller.supportEmail} />],
          ]}
        />
      ),
    },
    {
      id: 'commercial-terms',
      heading: 'Condições de venda',
      body: (
        <FactTable
          rows={[
            [
              'Preço',
              'O exibido na página de cada curso e no checkout, na moeda do seu país de cobrança. Os preços incluem o imposto sobre consumo quando ele se aplica.',
            ],
            ['Outras cobranças', 'Nenhuma. O custo da sua conexão com a internet fica por sua conta.'],
            [
              'Formas de pagamento',
              'Cursos: cartões de crédito e débito, Apple Pay, Google Pay, PayPal e crédito da conta. Assinaturas: cartões de crédito e débito.',
            ],
            [
              'Quando o pagamento é feito',
              'Cursos: ao concluir a compra. Assinaturas: na contratação ou, depois de um teste gratuito, quando ele termina; depois, no início de cada período de cobrança (mensal ou anual) até você cancelar.',
            ],
            [
              'Entrega',
              'Os cursos e as assinaturas podem ser usados imediatamente após a confirmação do pagamento.',
            ],
            [
              'Cancelamento e reembolso',
              <>
                Cursos: reembolso integral, mediante solicitação, em até {REFUND_WINDOW_DAYS} dias após a
                compra, conforme a nossa <PageLink to="refundPolicy">Política de Reembolso</PageLink>.
                Assinaturas: podem ser canceladas a qualquer momento na página{' '}
                <PageLink to="manageSubscriptions">Assinaturas</PageLink> e continuam disponíveis até o fim do
                período já pago; os pagamentos já feitos não são reembolsados, exceto quando exigido por lei.
              </>,
            ],
            [
              'Período da assinatura',
              'Renovada automaticamente a cada mês ou a cada ano, conforme o plano escolhido, até você cancelar.',
            ],
            [
              'Requisitos do sistema',
              'Conexão com a internet e uma versão atual do Chrome, Edge, Firefox ou Safari.',
            ],
          ]}
        />
      ),
    },
  ],
});
