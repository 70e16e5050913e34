import { DUNNING_RETRY_DAYS, REFUND_WINDOW_DAYS, TRIAL_REMINDER_DAYS } from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, listText, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, businessBrand, seller }) => ({
  title: 'Términos de uso',
  description: `Las reglas para usar ${brand}: tu cuenta, la compra de cursos, las suscripciones, los reembolsos y tus derechos.`,
  intro: (
    <>
      <p>
        Estos términos son un acuerdo entre tú y {seller.name} («nosotros»), que opera {brand}. Se aplican
        cuando navegas por {brand}, creas una cuenta o compras un curso o una suscripción. Léelos junto con
        nuestra <PageLink to="refundPolicy">Política de reembolso</PageLink>, nuestra{' '}
        <PageLink to="privacyPolicy">Política de privacidad</PageLink> y nuestra{' '}
        <PageLink to="cookiePolicy">Política de cookies</PageLink>. Si tu organización compra un Team Plan,
        también se aplican las <PageLink to="businessTerms">Condiciones de {businessBrand}</PageLink>.
      </p>
      <p>Al crear una cuenta o hacer una compra, aceptas estos términos.</p>
    </>
  ),
  sections: [
    {
      id: 'terms-account',
      heading: 'Tu cuenta',
      body: (
        <ul>
          <li>
            Necesitas una cuenta para comprar y hacer cursos. Danos información correcta y mantenla
            actualizada.
          </li>
          <li>
            Cada cuenta es para una sola persona. No compartas tu contraseña ni tu cuenta: eres responsable de
            lo que se haga con ella. Si crees que otra persona la ha usado, escríbenos de inmediato a{' '}
            <MailLink email={seller.supportEmail} />.
          </li>
          <li>
            Debes tener la edad necesaria para celebrar un contrato en tu país o contar con el permiso de tu
            madre, padre o tutor, que acepta estos términos en tu nombre.
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
            Los precios se muestran en la página de cada curso y en la compra, en la moneda de tu país de
            facturación. El impuesto sobre las ventas, el IVA u otro impuesto similar se suma al precio o está
            incluido en él, según exija la ley de tu país de facturación; la página de pago muestra el
            impuesto antes de que pagues.
          </li>
          <li>
            La compra se completa cuando se confirma el pago. Algunos métodos de pago, como las transferencias
            bancarias y los cupones de pago en efectivo, se confirman más tarde: el curso estará disponible
            cuando llegue el pago, y un cupón que no se paga a tiempo vence sin costo alguno.
          </li>
          <li>
            Cada compra tiene una factura, que puedes descargar desde tu{' '}
            <PageLink to="purchaseHistory">Historial de compras</PageLink>.
          </li>
          <li>
            Los códigos de descuento se aplican según sus propias condiciones (fechas, cursos, número de usos)
            y no se pueden canjear por dinero. El crédito de la cuenta se puede usar en {brand}; no se puede
            retirar en efectivo ni transferir a otra cuenta.
          </li>
        </ul>
      ),
    },
    {
      id: 'terms-access',
      heading: 'Tu acceso a los cursos',
      body: (
        <>
          <p>
            Al comprar un curso, obtienes una licencia personal e intransferible para verlo y usarlo en tu
            propio aprendizaje mientras tu cuenta esté abierta y el curso se ofrezca en {brand}. La licencia
            termina si el curso se reembolsa.
          </p>
          <p>
            Los cursos los crean sus instructores, que conservan sus derechos sobre ellos. No puedes copiar,
            revender, compartir, mostrar en público ni grabar los cursos, ni usarlos para enseñar a otras
            personas a cambio de un pago. Cada curso se ofrece tal como lo describe su instructor; no podemos
            prometerte un resultado concreto.
          </p>
        </>
      ),
    },
    {
      id: 'terms-subscriptions',
      heading: 'Suscripciones',
      body: (
        <ul>
          <li>
            El Personal Plan te da acceso a una colección de cursos mientras dure tu suscripción. Se paga por
            adelantado en cada período de facturación (mensual o anual) con la tarjeta guardada en tu cuenta.
          </li>
          <li>
            Un plan puede empezar con una prueba gratuita. Guardamos tu tarjeta al inicio de la prueba y la
            cobramos cuando termina, salvo que la canceles antes; te lo recordamos por correo electrónico{' '}
            {TRIAL_REMINDER_DAYS} días antes. Cada tarjeta solo se puede usar para una prueba gratuita.
          </li>
          <li>
            Tu suscripción se renueva automáticamente al final de cada período de facturación, al precio del
            plan vigente en ese momento, hasta que la canceles. Te avisamos de cualquier cambio de precio
            antes de que se te aplique.
          </li>
          <li>
            Si falla el pago de una renovación, lo volvemos a intentar {listText('es', DUNNING_RETRY_DAYS)}{' '}
            días después de la fecha de vencimiento y te avisamos por correo electrónico; mientras tanto,
            conservas el acceso. Si el último intento falla, la suscripción termina.
          </li>
          <li>
            Puedes cancelar en cualquier momento en la página{' '}
            <PageLink to="manageSubscriptions">Suscripciones</PageLink>. Conservas el acceso hasta el final
            del período ya pagado y puedes reactivar la suscripción hasta entonces. Los pagos de suscripciones
            no se reembolsan, salvo cuando la ley lo exija.
          </li>
          <li>
            Los Team Plans los compran organizaciones para sus miembros y se rigen por las{' '}
            <PageLink to="businessTerms">Condiciones de {businessBrand}</PageLink>.
          </li>
        </ul>
      ),
    },
    {
      id: 'terms-refunds',
      heading: 'Reembolsos',
      body: (
        <p>
          Puedes solicitar el reembolso de un curso en un plazo de {REFUND_WINDOW_DAYS} días desde su compra,
          desde tu Historial de compras. Nuestra <PageLink to="refundPolicy">Política de reembolso</PageLink>{' '}
          explica cómo funcionan los reembolsos, adónde va el dinero y cuándo no es posible un reembolso.
        </p>
      ),
    },
    {
      id: 'terms-payments',
      heading: 'Pagos',
      body: (
        <>
          <p>
            Los pagos los procesa nuestro proveedor de pagos. Los números de tarjeta van directamente al
            proveedor: nosotros nunca los vemos ni los guardamos. Si guardas una tarjeta, solo conservamos su
            marca, sus últimos cuatro dígitos y su fecha de vencimiento, para mostrártela. Puedes eliminar una
            tarjeta guardada en la página <PageLink to="paymentSettings">Métodos de pago</PageLink>.
          </p>
          <p>Solo puedes usar métodos de pago para los que tengas autorización.</p>
        </>
      ),
    },
    {
      id: 'terms-acceptable-use',
      heading: 'Uso aceptable',
      body: (
        <>
          <p>Al usar {brand}, no debes:</p>
          <ul>
            <li>infringir la ley ni los derechos de otras personas;</li>
            <li>compartir tu cuenta ni usar la cuenta o los datos de otra persona;</li>
            <li>
              hacer un uso indebido de los pagos, los códigos de descuento, el crédito de la cuenta, las
              pruebas gratuitas o los reembolsos;
            </li>
            <li>
              copiar el sitio o sus cursos por medios automatizados, sobrecargarlo, poner a prueba su
              seguridad ni propagar código malicioso.
            </li>
          </ul>
          <p>
            Si incumples estos términos, podemos suspender o cerrar tu cuenta. Salvo que haya un motivo
            urgente, te avisaremos primero y te daremos la oportunidad de explicarte.
          </p>
        </>
      ),
    },
    {
      id: 'terms-service',
      heading: 'Nuestro servicio',
      body: (
        <>
          <p>
            El nombre, el diseño y el software de {brand} son nuestros o de nuestros licenciantes. Estos
            términos no te dan ningún derecho sobre ellos, salvo el de usar el servicio.
          </p>
          <p>
            Trabajamos para que {brand} esté disponible y sea seguro, pero a veces puede no estar disponible
            por mantenimiento o por causas ajenas a nuestro control. Podemos cambiar o retirar funciones; si
            un cambio afecta de forma importante a algo que pagaste, te avisaremos con antelación y, cuando la
            ley lo exija, te permitiremos cancelar o te haremos un reembolso.
          </p>
        </>
      ),
    },
    {
      id: 'terms-privacy',
      heading: 'Privacidad y cookies',
      body: (
        <p>
          Nuestra <PageLink to="privacyPolicy">Política de privacidad</PageLink> explica cómo tratamos tus
          datos personales, y nuestra <PageLink to="cookiePolicy">Política de cookies</PageLink>, qué cookies
          usamos. Puedes cambiar tus preferencias de cookies en cualquier momento en «Configuración de
          cookies», al pie de cada página.
        </p>
      ),
    },
    {
      id: 'terms-closing',
      heading: 'Cierre de tu cuenta',
      body: (
        <p>
          Puedes dejar de usar {brand} en cualquier momento y pedirnos que cerremos tu cuenta escribiendo a{' '}
          <MailLink email={seller.supportEmail} />. Al cerrar tu cuenta pierdes el acceso a sus cursos, así
          que cancela antes cualquier suscripción. El cierre de una cuenta no da derecho a reembolsar las
          compras, salvo lo que prevean nuestra Política de reembolso o la ley.
        </p>
      ),
    },
    {
      id: 'terms-liability',
      heading: 'Responsabilidad',
      body: (
        <>
          <p>
            Nada de lo dispuesto en estos términos limita los derechos que tienes como consumidor según la ley
            del país donde vives, ni nuestra responsabilidad cuando la ley no permite limitarla, por ejemplo
            en caso de dolo, culpa grave o de muerte o daños personales causados por negligencia.
          </p>
          <p>
            Dentro de esos límites, no respondemos de los daños que no se pudieran prever en el momento de la
            compra ni de las pérdidas empresariales, como el lucro cesante: {brand} se ofrece para el
            aprendizaje personal. Nuestra responsabilidad total por una compra se limita al importe que
            pagaste por ella.
          </p>
        </>
      ),
    },
    {
      id: 'terms-changes',
      heading: 'Cambios en estos términos',
      body: (
        <p>
          Podemos actualizar estos términos, por ejemplo por nuevas funciones o por un cambio en la ley.
          Publicamos cada nueva versión en esta página con su fecha y, antes de que un cambio importante se te
          aplique, te avisamos por correo electrónico o en el sitio. Un cambio nunca se aplica a una compra ya
          realizada. Si no aceptas los nuevos términos, puedes dejar de usar {brand} y cerrar tu cuenta.
        </p>
      ),
    },
    {
      id: 'terms-law',
      heading: 'Ley aplicable y conflictos',
      body: (
        <p>
          Estos términos se rigen por la ley del país donde {seller.name} tiene su sede. Como consumidor,
          conservas además la protección de las normas imperativas del país donde vives y puedes presentar una
          reclamación ante sus tribunales. Te pedimos que nos escribas primero: la mayoría de los problemas se
          resuelven rápidamente.
        </p>
      ),
    },
    {
      id: 'terms-contact',
      heading: 'Contacto',
      body: (
        <p>
          {seller.name}
          {seller.address && <>, {addressLine(seller.address)}</>}. Correo electrónico:{' '}
          <MailLink email={seller.supportEmail} />. Las respuestas a las preguntas frecuentes están en nuestro{' '}
          <PageLink to="support">Centro de ayuda</PageLink>.
        </p>
      ),
    },
  ],
});
