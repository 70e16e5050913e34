import type { LegalContent } from '../legal-document';
import { addressLine, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Política de Privacidade',
  description: `Quais dados pessoais o ${brand} guarda, para quê, com quem compartilha, por quanto tempo e quais são os seus direitos.`,
  intro: (
    <p>
      Esta política explica como {seller.name} trata os seus dados pessoais quando você usa o {brand}: quais
      dados coletamos, para quê, quem os recebe, por quanto tempo os guardamos e o que você pode nos pedir. Os
      cookies que usamos, e como escolhê-los, estão explicados na nossa{' '}
      <PageLink to="cookiePolicy">Política de Cookies</PageLink>.
    </p>
  ),
  sections: [
    {
      id: 'privacy-controller',
      heading: 'Quem é o controlador',
      body: (
        <p>
          {seller.name}
          {seller.address && <> ({addressLine(seller.address)})</>} é o controlador dos seus dados pessoais.
          Para qualquer dúvida ou solicitação sobre os seus dados, escreva para{' '}
          <MailLink email={seller.supportEmail} />.
        </p>
      ),
    },
    {
      id: 'privacy-data',
      heading: 'Quais dados coletamos',
      body: (
        <ul>
          <li>
            <strong>Conta:</strong> seu nome, e-mail e senha (guardada apenas de uma forma que não permite
            recuperá-la), além do seu idioma, país e fuso horário.
          </li>
          <li>
            <strong>Compras e cobrança:</strong> o que você comprou e quando, preços, descontos, créditos
            usados e reembolsos; o seu país de cobrança e, dependendo dele, o seu CEP ou região; nas
            assinaturas, o seu endereço de cobrança; e um número de identificação fiscal, se você informar.
            Guardamos as faturas e notas de crédito emitidas para você.
          </li>
          <li>
            <strong>Pagamento:</strong> os dados do cartão vão diretamente para o nosso provedor de
            pagamentos. Guardamos apenas a bandeira, os quatro últimos dígitos e a validade do cartão, além da
            forma de pagamento de cada pedido. O documento fiscal que alguns países pedem no pagamento, como o
            CPF no Brasil, vai para o provedor de pagamentos e não é guardado por nós.
          </li>
          <li>
            <strong>Aprendizado:</strong> os cursos e assinaturas que você tem e as suas configurações. Se
            você aprende pelo Team Plan de uma organização, a sua participação, a sua função e a sua licença.
          </li>
          <li>
            <strong>Uso do site:</strong> somente com o seu consentimento para cookies de desempenho, as
            páginas que você vê e o que faz nelas (por exemplo, adicionar um curso ao carrinho), ligados a um
            identificador de visitante aleatório. Contadores sem identificador (visualizações de página,
            erros) são registrados sem consentimento.
          </li>
          <li>
            <strong>Dados técnicos:</strong> o seu endereço IP e dados do navegador, usados para manter o site
            seguro (por exemplo, para limitar tentativas repetidas de login).
          </li>
          <li>
            <strong>Mensagens:</strong> o que você escreve para a nossa equipe de suporte e os e-mails que
            enviamos a você.
          </li>
        </ul>
      ),
    },
    {
      id: 'privacy-purposes',
      heading: 'Para que usamos',
      body: (
        <ul>
          <li>
            <strong>Para prestar o serviço que você pediu</strong> (execução de contrato): sua conta, suas
            compras e assinaturas, pagamentos, reembolsos, recibos e suporte.
          </li>
          <li>
            <strong>Para cumprir obrigações legais:</strong> cálculo de impostos, faturas e registros
            contábeis.
          </li>
          <li>
            <strong>Por legítimo interesse:</strong> manter o site e a sua conta seguros, prevenir fraudes e
            abusos em pagamentos e entender, de forma agregada, como o site funciona para podermos corrigi-lo.
          </li>
          <li>
            <strong>Com o seu consentimento:</strong> cookies de desempenho, funcionais, de publicidade e de
            redes sociais, e o acompanhamento do seu uso do site. Você pode revogar o consentimento a qualquer
            momento em "Configurações de cookies", no rodapé de todas as páginas.
          </li>
        </ul>
      ),
    },
    {
      id: 'privacy-sharing',
      heading: 'Com quem compartilhamos',
      body: (
        <>
          <p>Não vendemos os seus dados pessoais. Só os compartilhamos com:</p>
          <ul>
            <li>
              o nosso provedor de pagamentos, que processa pagamentos e reembolsos e guarda os cartões que
              você salva;
            </li>
            <li>
              um serviço de cálculo de impostos, se usarmos um, que recebe a sua localização de cobrança;
            </li>
            <li>
              os provedores que hospedam o site e enviam os nossos e-mails, que agem apenas conforme as nossas
              instruções;
            </li>
            <li>
              se você aprende pelo Team Plan, os proprietários e administradores da sua organização, que veem
              quem tem uma licença e como os membros a usam;
            </li>
            <li>autoridades, quando a lei exigir.</li>
          </ul>
          <p>
            Se você permitir cookies de publicidade ou de redes sociais, as ferramentas por trás deles podem
            receber informações sobre a sua visita. Segundo algumas leis, como a da Califórnia, isso pode ser
            considerado "compartilhamento" para publicidade; você pode recusá-lo nas Configurações de cookies.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-transfers',
      heading: 'Transferências internacionais',
      body: (
        <p>
          Os nossos provedores podem tratar dados em outros países. Quando os dados saem do Brasil, do Espaço
          Econômico Europeu, do Reino Unido ou de outro país que restringe transferências, usamos as garantias
          previstas em lei, como decisões de adequação ou cláusulas contratuais padrão.
        </p>
      ),
    },
    {
      id: 'privacy-retention',
      heading: 'Por quanto tempo guardamos',
      body: (
        <ul>
          <li>Dados da conta: enquanto a sua conta estiver ativa.</li>
          <li>
            Pedidos, faturas e notas de crédito: pelo prazo exigido pelas leis fiscais e contábeis (até 10
            anos em alguns países), mesmo depois do encerramento da conta.
          </li>
          <li>Registros do seu uso do site: 90 dias.</li>
          <li>Sessões de login: 14 dias após a sua última atividade, ou até você sair.</li>
          <li>Dados de segurança, como a contagem de tentativas de login: algumas horas.</li>
        </ul>
      ),
    },
    {
      id: 'privacy-rights',
      heading: 'Seus direitos',
      body: (
        <>
          <p>Dependendo de onde você mora, você tem o direito de:</p>
          <ul>
            <li>
              saber quais dados temos sobre você e obter uma cópia deles, inclusive em formato portável;
            </li>
            <li>pedir a correção ou a exclusão desses dados;</li>
            <li>se opor a alguns usos ou pedir que sejam limitados;</li>
            <li>revogar o seu consentimento a qualquer momento, sem afetar o que foi feito antes;</li>
            <li>não sofrer tratamento diferente por exercer esses direitos.</li>
          </ul>
          <p>
            Para exercê-los, escreva para <MailLink email={seller.supportEmail} /> usando o e-mail da sua
            conta, para que possamos confirmar que o pedido é seu. Respondemos no prazo previsto em lei (por
            exemplo, 15 dias pela LGPD e um mês pelo regulamento europeu). Você também pode apresentar uma
            reclamação a uma autoridade de proteção de dados, como a Autoridade Nacional de Proteção de Dados
            (ANPD) no Brasil.
          </p>
          <p>
            Esses direitos vêm de leis como a Lei Geral de Proteção de Dados (LGPD), o Regulamento Geral sobre
            a Proteção de Dados da União Europeia e do Reino Unido, a lei de privacidade do consumidor da
            Califórnia (CCPA) e a lei japonesa de proteção de informações pessoais.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-security',
      heading: 'Segurança',
      body: (
        <p>
          O site funciona apenas com conexões criptografadas. As senhas são guardadas com funções de hash
          fortes e irreversíveis, os números de cartão nunca chegam aos nossos servidores, e só as pessoas que
          precisam dos dados pessoais para o seu trabalho têm acesso a eles. Nenhum sistema é totalmente
          seguro: se um incidente colocar os seus dados em risco, avisaremos você e as autoridades, conforme a
          lei exige.
        </p>
      ),
    },
    {
      id: 'privacy-children',
      heading: 'Crianças e adolescentes',
      body: (
        <p>
          O {brand} não se destina a menores de 16 anos sem a participação de um dos pais ou responsável
          legal. Se você acredita que um menor nos forneceu dados pessoais sem essa autorização, escreva para
          nós e os excluiremos.
        </p>
      ),
    },
    {
      id: 'privacy-changes',
      heading: 'Alterações desta política',
      body: (
        <p>
          Publicamos cada nova versão desta política nesta página, com a data. Se uma mudança for relevante
          para a forma como usamos os seus dados, avisaremos por e-mail ou no site antes que ela entre em
          vigor.
        </p>
      ),
    },
  ],
});
