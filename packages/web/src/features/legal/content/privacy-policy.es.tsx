import type { LegalContent } from '../legal-document';
import { addressLine, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, seller }) => ({
  title: 'Política de privacidad',
  description: `Qué datos personales guarda ${brand}, para qué, con quién los comparte, durante cuánto tiempo y qué derechos tienes.`,
  intro: (
    <p>
      Esta política explica cómo trata {seller.name} tus datos personales cuando usas {brand}: qué datos
      recopilamos, para qué, quién los recibe, cuánto tiempo los conservamos y qué puedes pedirnos. Qué
      cookies usamos y cómo elegirlas se explica en nuestra{' '}
      <PageLink to="cookiePolicy">Política de cookies</PageLink>.
    </p>
  ),
  sections: [
    {
      id: 'privacy-controller',
      heading: 'Responsable del tratamiento',
      body: (
        <p>
          {seller.name}
          {seller.address && <> ({addressLine(seller.address)})</>} es el responsable del tratamiento de tus
          datos personales. Para cualquier pregunta o solicitud sobre tus datos, escribe a{' '}
          <MailLink email={seller.supportEmail} />.
        </p>
      ),
    },
    {
      id: 'privacy-data',
      heading: 'Qué datos recopilamos',
      body: (
        <ul>
          <li>
            <strong>Cuenta:</strong> tu nombre, tu dirección de correo electrónico y tu contraseña (guardada
            solo de una forma que no permite recuperarla), además de tu idioma, tu país y tu zona horaria.
          </li>
          <li>
            <strong>Compras y facturación:</strong> qué compraste y cuándo, los precios, los descuentos, el
            crédito usado y los reembolsos; tu país de facturación y, según el país, tu código postal o tu
            región; en las suscripciones, tu dirección de facturación; y tu número de IVA o de identificación
            fiscal, si nos lo das. Conservamos las facturas y notas de crédito que te emitimos.
          </li>
          <li>
            <strong>Pagos:</strong> los datos de la tarjeta van directamente a nuestro proveedor de pagos.
            Solo guardamos la marca, los últimos cuatro dígitos y la fecha de vencimiento de la tarjeta, y el
            método de pago usado en cada pedido. El documento fiscal que algunos países piden al pagar, como
            el CPF en Brasil, va al proveedor de pagos; nosotros no lo guardamos.
          </li>
          <li>
            <strong>Aprendizaje:</strong> los cursos y suscripciones que tienes y tu configuración. Si
            aprendes con el Team Plan de una organización, tu membresía, tu rol y tu licencia.
          </li>
          <li>
            <strong>Uso del sitio:</strong> solo si aceptas las cookies de rendimiento, las páginas que ves y
            lo que haces en ellas (por ejemplo, agregar un curso al carrito), vinculados a un identificador de
            visitante aleatorio. Los contadores sin identificador (visitas a páginas, errores) se registran
            sin consentimiento.
          </li>
          <li>
            <strong>Datos técnicos:</strong> tu dirección IP y los datos de tu navegador, que usamos para
            mantener la seguridad del sitio (por ejemplo, para limitar los intentos repetidos de inicio de
            sesión).
          </li>
          <li>
            <strong>Mensajes:</strong> lo que escribes a nuestro equipo de soporte y los correos electrónicos
            que te enviamos.
          </li>
        </ul>
      ),
    },
    {
      id: 'privacy-purposes',
      heading: 'Para qué los usamos',
      body: (
        <ul>
          <li>
            <strong>Para prestarte el servicio que pediste</strong> (ejecución de un contrato): tu cuenta, tus
            compras y suscripciones, los pagos, los reembolsos, los recibos y el soporte.
          </li>
          <li>
            <strong>Para cumplir nuestras obligaciones legales:</strong> el cálculo de impuestos, las facturas
            y los registros contables.
          </li>
          <li>
            <strong>Por nuestro interés legítimo:</strong> mantener la seguridad del sitio y de tu cuenta,
            prevenir el fraude y el abuso en los pagos, y entender de forma agregada cómo funciona el sitio
            para poder corregirlo.
          </li>
          <li>
            <strong>Con tu consentimiento:</strong> las cookies de rendimiento, funcionales, de publicidad y
            de redes sociales, y el seguimiento de tu uso del sitio. Puedes retirar tu consentimiento en
            cualquier momento en «Configuración de cookies», al pie de cada página.
          </li>
        </ul>
      ),
    },
    {
      id: 'privacy-sharing',
      heading: 'Quién los recibe',
      body: (
        <>
          <p>No vendemos tus datos personales. Solo los compartimos con:</p>
          <ul>
            <li>
              nuestro proveedor de pagos, que procesa los pagos y los reembolsos y guarda las tarjetas que
              decides guardar;
            </li>
            <li>
              un servicio de cálculo de impuestos, si lo usamos, que recibe tu ubicación de facturación;
            </li>
            <li>
              los proveedores que alojan el sitio y envían nuestros correos electrónicos, que solo actúan
              siguiendo nuestras instrucciones;
            </li>
            <li>
              si aprendes con un Team Plan, los propietarios y administradores de tu organización, que ven
              quién tiene una licencia y cómo la usan los miembros;
            </li>
            <li>las autoridades, cuando la ley lo exija.</li>
          </ul>
          <p>
            Si aceptas las cookies de publicidad o de redes sociales, las herramientas que las usan pueden
            recibir información sobre tu visita. Según algunas leyes, como la de California, esto puede
            considerarse «compartir» datos con fines publicitarios; puedes rechazarlo en la Configuración de
            cookies.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-transfers',
      heading: 'Transferencias internacionales',
      body: (
        <p>
          Nuestros proveedores pueden tratar datos en otros países. Cuando los datos salen del Espacio
          Económico Europeo, del Reino Unido o de otro país que restringe las transferencias, nos basamos en
          las garantías que prevé la ley, como una decisión de adecuación o las cláusulas contractuales tipo.
        </p>
      ),
    },
    {
      id: 'privacy-retention',
      heading: 'Cuánto tiempo los conservamos',
      body: (
        <ul>
          <li>Datos de la cuenta: mientras tu cuenta esté abierta.</li>
          <li>
            Pedidos, facturas y notas de crédito: durante el tiempo que exijan las leyes fiscales y contables
            (hasta 10 años en algunos países), incluso después de cerrar tu cuenta.
          </li>
          <li>Registros de tu uso del sitio: 90 días.</li>
          <li>Sesiones iniciadas: 14 días desde tu última actividad, o hasta que cierres la sesión.</li>
          <li>Datos de seguridad, como el número de intentos de inicio de sesión: unas pocas horas.</li>
        </ul>
      ),
    },
    {
      id: 'privacy-rights',
      heading: 'Tus derechos',
      body: (
        <>
          <p>Según dónde vivas, tienes derecho a:</p>
          <ul>
            <li>saber qué datos tenemos sobre ti y obtener una copia, también en un formato portable;</li>
            <li>pedir que se corrijan o se eliminen;</li>
            <li>oponerte a algunos usos o pedir que se limiten;</li>
            <li>retirar tu consentimiento en cualquier momento, sin que afecte a lo realizado antes;</li>
            <li>no recibir un trato distinto por ejercer estos derechos.</li>
          </ul>
          <p>
            Para ejercerlos, escribe a <MailLink email={seller.supportEmail} /> desde la dirección de correo
            electrónico de tu cuenta, para que podamos comprobar que la solicitud es tuya. Respondemos en el
            plazo que fija la ley (por ejemplo, un mes según el RGPD y 15 días según la LGPD). También puedes
            presentar una reclamación ante una autoridad de protección de datos, por ejemplo la del país donde
            vives.
          </p>
          <p>
            Estos derechos provienen de leyes como el Reglamento General de Protección de Datos de la UE y del
            Reino Unido, la Ley de Privacidad del Consumidor de California (CCPA), la Lei Geral de Proteção de
            Dados (LGPD) de Brasil y la Ley de Protección de la Información Personal de Japón.
          </p>
        </>
      ),
    },
    {
      id: 'privacy-security',
      heading: 'Seguridad',
      body: (
        <p>
          El sitio solo funciona con conexiones cifradas. Las contraseñas se guardan con funciones hash
          robustas de un solo sentido, los números de tarjeta nunca llegan a nuestros servidores y solo
          acceden a los datos personales las personas que los necesitan para su trabajo. Ningún sistema es
          totalmente seguro: si una brecha pusiera en riesgo tus datos, te lo comunicaríamos a ti y a las
          autoridades, como exige la ley.
        </p>
      ),
    },
    {
      id: 'privacy-children',
      heading: 'Menores de edad',
      body: (
        <p>
          {brand} no está pensado para menores de 16 años sin la participación de su madre, padre o tutor. Si
          crees que un menor nos dio datos personales sin ese permiso, escríbenos y los eliminaremos.
        </p>
      ),
    },
    {
      id: 'privacy-changes',
      heading: 'Cambios en esta política',
      body: (
        <p>
          Publicamos cada nueva versión de esta política en esta página con su fecha. Si un cambio afecta a la
          forma en que usamos tus datos, te avisamos por correo electrónico o en el sitio antes de que se
          aplique.
        </p>
      ),
    },
  ],
});
