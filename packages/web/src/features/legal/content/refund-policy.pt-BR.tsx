import { REFUND_WINDOW_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Política de Reembolso',
  description: `Os cursos comprados no ${brand} podem ser reembolsados em até ${REFUND_WINDOW_DAYS} dias: como solicitar, para onde vai o dinheiro e quando o reembolso não é possível.`,
  intro: (
    <p>
      Se um curso que você comprou no {brand} não for o que você esperava, você pode solicitar o reembolso em
      até {REFUND_WINDOW_DAYS} dias após a compra. Perguntamos o motivo para podermos melhorar, mas qualquer
      motivo é aceito.
    </p>
  ),
  sections: [
    {
      id: 'refunds-window',
      heading: `O reembolso em ${REFUND_WINDOW_DAYS} dias`,
      body: (
        <ul>
          <li>
            Todo curso pago pode ser reembolsado até o fim do {REFUND_WINDOW_DAYS}º dia após o dia da compra,
            tendo você começado o curso ou não. Os dias são contados no Tempo Universal Coordenado (UTC): um
            curso comprado em 1º de março pode ser reembolsado até 31 de março, às 23h59 UTC. O seu Histórico
            de compras mostra o último dia de cada curso.
          </li>
          <li>
            Cada curso de um pedido é reembolsado separadamente: você pode ficar com alguns cursos de um
            pedido e reembolsar outros.
          </li>
        </ul>
      ),
    },
    {
      id: 'refunds-how',
      heading: 'Como solicitar um reembolso',
      body: (
        <>
          <ol>
            <li>
              Abra o seu <PageLink to="purchaseHistory">Histórico de compras</PageLink> no menu da sua conta.
            </li>
            <li>Encontre o curso e escolha "Solicitar reembolso".</li>
            <li>Conte o motivo e confirme.</li>
          </ol>
          <p>
            O curso sai de Meus cursos na mesma hora, e enviamos um e-mail quando o reembolso for concluído.
            Você pode acompanhá-lo na aba Reembolsos do seu Histórico de compras.
          </p>
        </>
      ),
    },
    {
      id: 'refunds-money',
      heading: 'Para onde vai o seu dinheiro',
      body: (
        <ul>
          <li>
            O que você pagou com cartão ou outra forma de pagamento volta para esse mesmo cartão ou forma de
            pagamento. Se você pagou uma parte com crédito da conta, essa parte volta para o seu crédito da
            conta.
          </li>
          <li>
            Enviamos o reembolso ao nosso provedor de pagamentos imediatamente. O prazo para ele aparecer na
            sua fatura ou extrato depende do seu banco ou da forma de pagamento; normalmente, de 5 a 10 dias
            úteis.
          </li>
          <li>
            O reembolso é feito na moeda em que você pagou e inclui os impostos pagos pelo curso. Não podemos
            cobrir diferenças causadas pelo câmbio ou pelas tarifas do seu banco.
          </li>
          <li>
            Para cada reembolso, emitimos uma nota de crédito, que você pode baixar no seu Histórico de
            compras, ao lado da fatura.
          </li>
          <li>
            Se você usou um cupom com número limitado de usos, o uso é devolvido quando todos os cursos
            comprados com ele naquele pedido forem reembolsados.
          </li>
        </ul>
      ),
    },
    {
      id: 'refunds-refusals',
      heading: 'Quando o reembolso não é possível',
      body: (
        <>
          <ul>
            <li>Passaram-se mais de {REFUND_WINDOW_DAYS} dias desde a compra.</li>
            <li>Já foi solicitado um reembolso para o curso.</li>
            <li>Nada foi pago pelo curso (um curso gratuito ou um desconto de 100%).</li>
            <li>
              O pagamento ainda não foi compensado, por exemplo um boleto ainda não pago. Quando o pagamento
              for concluído, você poderá solicitar o reembolso.
            </li>
          </ul>
          <p>
            Se o provedor de pagamentos não conseguir concluir um reembolso, você recebe o curso de volta e
            explicamos o motivo por e-mail. Escreva para nós e encontraremos uma solução juntos.
          </p>
        </>
      ),
    },
    {
      id: 'refunds-subscriptions',
      heading: 'Assinaturas',
      body: (
        <p>
          Os pagamentos do Personal Plan e dos Team Plans não são reembolsados, nem as partes não utilizadas
          de um período de cobrança, exceto quando exigido por lei. Você pode cancelar a qualquer momento na
          página <PageLink to="manageSubscriptions">Assinaturas</PageLink>: o acesso continua até o fim do
          período já pago, e um teste gratuito cancelado antes do fim não custa nada.
        </p>
      ),
    },
    {
      id: 'refunds-rights',
      heading: 'Seus direitos legais',
      body: (
        <p>
          Esta política se soma aos direitos que a lei do país onde você mora garante; ela não os substitui. O
          nosso reembolso em {REFUND_WINDOW_DAYS} dias é mais longo que o prazo de arrependimento previsto em
          muitas leis de consumo (7 dias no Brasil, pelo Código de Defesa do Consumidor, e 14 dias na União
          Europeia e no Reino Unido) e vale mesmo que você já tenha começado o curso.
        </p>
      ),
    },
    {
      id: 'refunds-help',
      heading: 'Dúvidas',
      body: (
        <p>
          A nossa <PageLink to="support">Central de Ajuda</PageLink> responde às dúvidas mais comuns. Para
          qualquer outro assunto, escreva para <MailLink email={seller.supportEmail} /> usando o e-mail da sua
          conta.
        </p>
      ),
    },
  ],
});
