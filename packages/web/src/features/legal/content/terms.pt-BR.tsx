import { DUNNING_RETRY_DAYS, REFUND_WINDOW_DAYS, TRIAL_REMINDER_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, listText, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, businessBrand, seller }) => ({
  title: 'Termos de Uso',
  description: `As regras de uso do ${brand}: sua conta, a compra de cursos, as assinaturas, os reembolsos e os seus direitos.`,
  intro: (
    <>
      <p>
        Estes termos são um acordo entre você e {seller.name} ("nós"), que opera o {brand}. Eles se aplicam
        quando você navega no {brand}, cria uma conta ou compra um curso ou uma assinatura. Leia-os junto com
        a nossa <PageLink to="refundPolicy">Política de Reembolso</PageLink>, a nossa{' '}
        <PageLink to="privacyPolicy">Política de Privacidade</PageLink> e a nossa{' '}
        <PageLink to="cookiePolicy">Política de Cookies</PageLink>. Se a sua organização comprar um Team Plan,
        os <PageLink to="businessTerms">Termos do {businessBrand}</PageLink> também se aplicam.
      </p>
      <p>Ao criar uma conta ou fazer uma compra, você aceita estes termos.</p>
    </>
  ),
  sections: [
    {
      id: 'terms-account',
      heading: 'Sua conta',
      body: (
        <ul>
          <li>
            Você precisa de uma conta para comprar e fazer cursos. Informe dados corretos e mantenha-os
            atualizados.
          </li>
          <li>
            Cada conta é de uma única pessoa. Não compartilhe a sua senha nem a sua conta: você é responsável
            pelo que for feito com ela. Se achar que outra pessoa a usou, escreva imediatamente para{' '}
            <MailLink email={seller.supportEmail} />.
          </li>
          <li>
            Você precisa ter a idade exigida para firmar contratos no seu país ou a autorização de um dos pais
            ou responsável legal, que aceita estes termos em seu nome.
          </li>
        </ul>
      ),
    },
    {
      id: 'terms-buying',
      heading: 'Compra de cursos',
      body: (
        <ul>
          <li>
            Os preços aparecem na página de cada curso e no checkout, na moeda do seu país de cobrança.
            Impostos sobre vendas, IVA ou tributos semelhantes são somados ao preço ou estão incluídos nele,
            conforme a lei do seu país de cobrança; o checkout mostra o imposto antes do pagamento.
          </li>
          <li>
            A compra é concluída quando o pagamento é confirmado. Algumas formas de pagamento, como
            transferências bancárias e boletos pagos em dinheiro, são confirmadas depois: o curso fica
            disponível quando o pagamento é compensado, e um boleto ou voucher não pago no prazo vence sem
            nenhum custo.
          </li>
          <li>
            Toda compra tem uma fatura, que você pode baixar no seu{' '}
            <PageLink to="purchaseHistory">Histórico de compras</PageLink>.
          </li>
          <li>
            Os cupons de desconto valem nas condições de cada um (datas, cursos, número de usos) e não podem
            ser trocados por dinheiro. O crédito da conta pode ser usado no {brand}; ele não pode ser sacado
            nem transferido para outra conta.
          </li>
        </ul>
      ),
    },
    {
      id: 'terms-access',
      heading: 'Seu acesso aos cursos',
      body: (
        <>
          <p>
            Ao comprar um curso, você recebe uma licença pessoal e intransferível para assisti-lo e usá-lo no
            seu próprio aprendizado enquanto a sua conta estiver ativa e o curso for oferecido no {brand}. A
            licença termina se o curso for reembolsado.
          </p>
          <p>
            Os cursos são criados pelos instrutores, que mantêm os direitos sobre eles. Você não pode copiar,
            revender, compartilhar, exibir publicamente ou gravar os cursos, nem usá-los para ensinar outras
            pessoas mediante pagamento. Cada curso é oferecido tal como o instrutor o descreve; não podemos
            garantir que ele trará um resultado específico.
          </p>
        </>
      ),
    },
    {
      id: 'terms-subscriptions',
      heading: 'Assinaturas',
      body: (
        <ul>
          <li>
            O Personal Plan dá acesso a uma coleção de cursos enquanto a sua assinatura durar. Ele é pago
            antecipadamente a cada período de cobrança (mensal ou anual) com o cartão salvo na sua conta.
          </li>
          <li>
            Um plano pode começar com um teste gratuito. Salvamos o seu cartão no início do teste e fazemos a
            cobrança quando ele termina, a menos que você cancele antes; enviamos um lembrete por e-mail{' '}
            {TRIAL_REMINDER_DAYS} dias antes. Cada cartão pode ser usado em apenas um teste gratuito.
          </li>
          <li>
            A sua assinatura é renovada automaticamente ao fim de cada período de cobrança, pelo preço do
            plano em vigor naquele momento, até que você a cancele. Avisamos sobre qualquer mudança de preço
            antes que ela se aplique a você.
          </li>
          <li>
            Se o pagamento de uma renovação falhar, tentamos novamente {listText('pt-BR', DUNNING_RETRY_DAYS)}{' '}
            dias após o vencimento e avisamos você por e-mail; enquanto isso, o acesso continua. Se a última
            tentativa falhar, a assinatura é encerrada.
          </li>
          <li>
            Você pode cancelar a qualquer momento na página{' '}
            <PageLink to="manageSubscriptions">Assinaturas</PageLink>. O acesso continua até o fim do período
            já pago, e você pode reativar a assinatura até lá. Os pagamentos de assinaturas não são
            reembolsados, exceto quando exigido por lei.
          </li>
          <li>
            Os Team Plans são comprados por organizações para os seus membros e regidos pelos{' '}
            <PageLink to="businessTerms">Termos do {businessBrand}</PageLink>.
          </li>
        </ul>
      ),
    },
    {
      id: 'terms-refunds',
      heading: 'Reembolsos',
      body: (
        <p>
          Você pode solicitar o reembolso de um curso em até {REFUND_WINDOW_DAYS} dias após a compra, no seu
          Histórico de compras. A nossa <PageLink to="refundPolicy">Política de Reembolso</PageLink> explica
          como os reembolsos funcionam, para onde vai o dinheiro e quando um reembolso não é possível.
        </p>
      ),
    },
    {
      id: 'terms-payments',
      heading: 'Pagamentos',
      body: (
        <>
          <p>
            Os pagamentos são processados pelo nosso provedor de pagamentos. Os números de cartão vão
            diretamente para o provedor; nós nunca os vemos nem os armazenamos. Se você salvar um cartão,
            guardamos apenas a bandeira, os quatro últimos dígitos e a data de validade, para mostrá-lo a
            você. Você pode excluir um cartão salvo na página{' '}
            <PageLink to="paymentSettings">Formas de pagamento</PageLink>.
          </p>
          <p>Use apenas formas de pagamento que você tenha autorização para usar.</p>
        </>
      ),
    },
    {
      id: 'terms-acceptable-use',
      heading: 'Uso aceitável',
      body: (
        <>
          <p>Ao usar o {brand}, você não deve:</p>
          <ul>
            <li>violar a lei ou os direitos de terceiros;</li>
            <li>compartilhar a sua conta nem usar a conta ou os dados de outra pessoa;</li>
            <li>fazer mau uso de pagamentos, cupons, crédito da conta, testes gratuitos ou reembolsos;</li>
            <li>
              copiar o site ou os cursos por meios automatizados, sobrecarregá-lo, testar a sua segurança ou
              espalhar código malicioso.
            </li>
          </ul>
          <p>
            Se você descumprir estes termos, podemos suspender ou encerrar a sua conta. Salvo em caso de
            urgência, avisaremos antes e daremos a você a oportunidade de se explicar.
          </p>
        </>
      ),
    },
    {
      id: 'terms-service',
      heading: 'Nosso serviço',
      body: (
        <>
          <p>
            O nome, o design e o software do {brand} pertencem a nós ou aos nossos licenciantes. Estes termos
            não dão a você nenhum direito sobre eles além do direito de usar o serviço.
          </p>
          <p>
            Trabalhamos para manter o {brand} disponível e seguro, mas ele pode ficar indisponível às vezes,
            para manutenção ou por motivos fora do nosso controle. Podemos alterar ou remover funcionalidades;
            se uma mudança afetar de forma significativa algo pelo qual você pagou, avisaremos com
            antecedência e, quando a lei exigir, permitiremos o cancelamento ou faremos o reembolso.
          </p>
        </>
      ),
    },
    {
      id: 'terms-privacy',
      heading: 'Privacidade e cookies',
      body: (
        <p>
          A nossa <PageLink to="privacyPolicy">Política de Privacidade</PageLink> explica como tratamos os
          seus dados pessoais, e a nossa <PageLink to="cookiePolicy">Política de Cookies</PageLink>, quais
          cookies usamos. Você pode mudar as suas escolhas de cookies a qualquer momento em "Configurações de
          cookies", no rodapé de todas as páginas.
        </p>
      ),
    },
    {
      id: 'terms-closing',
      heading: 'Encerramento da conta',
      body: (
        <p>
          Você pode deixar de usar o {brand} a qualquer momento e pedir o encerramento da sua conta escrevendo
          para <MailLink email={seller.supportEmail} />. Ao encerrar a conta, você perde o acesso aos cursos
          dela; por isso, cancele antes qualquer assinatura. O encerramento de uma conta não dá direito ao
          reembolso das compras, exceto nos casos previstos na nossa Política de Reembolso ou na lei.
        </p>
      ),
    },
    {
      id: 'terms-liability',
      heading: 'Responsabilidade',
      body: (
        <>
          <p>
            Nada nestes termos limita os direitos que você tem como consumidor pela lei do país onde mora, nem
            a nossa responsabilidade nos casos em que a lei não permite limitá-la, como dolo, culpa grave ou
            morte ou lesão corporal causadas por negligência.
          </p>
          <p>
            Dentro desses limites, não respondemos por danos que não podiam ser previstos no momento da compra
            nem por prejuízos comerciais, como lucros cessantes: o {brand} é oferecido para aprendizado
            pessoal. A nossa responsabilidade total por uma compra fica limitada ao valor que você pagou por
            ela.
          </p>
        </>
      ),
    },
    {
      id: 'terms-changes',
      heading: 'Alterações destes termos',
      body: (
        <p>
          Podemos atualizar estes termos, por exemplo por causa de novas funcionalidades ou de uma mudança na
          lei. Publicamos cada nova versão nesta página, com a data, e, antes que uma mudança importante se
          aplique a você, avisamos por e-mail ou no site. Uma alteração nunca se aplica a uma compra já feita.
          Se você não aceitar os novos termos, pode deixar de usar o {brand} e encerrar a sua conta.
        </p>
      ),
    },
    {
      id: 'terms-law',
      heading: 'Lei aplicável e disputas',
      body: (
        <p>
          Estes termos são regidos pela lei do país onde {seller.name} tem sede. Como consumidor, você também
          mantém a proteção das normas obrigatórias do país onde mora e pode apresentar uma reclamação nos
          tribunais desse país. Fale conosco antes: a maioria dos problemas se resolve rapidamente.
        </p>
      ),
    },
    {
      id: 'terms-contact',
      heading: 'Contato',
      body: (
        <p>
          {seller.name}
          {seller.address && <>, {addressLine(seller.address)}</>}. E-mail:{' '}
          <MailLink email={seller.supportEmail} />. As respostas às dúvidas mais comuns estão na nossa{' '}
          <PageLink to="support">Central de Ajuda</PageLink>.
        </p>
      ),
    },
  ],
});
