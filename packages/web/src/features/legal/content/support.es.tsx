import {
  DUNNING_RETRY_DAYS,
  REFUND_WINDOW_DAYS,
  TEAM_PLAN_LICENSES,
  TRIAL_REMINDER_DAYS,
} from '@lectern/domain';
import type { LegalContent } from '../legal-document';
import { addressLine, listText, MailLink, PageLink } from '../legal-prose';

export const content: LegalContent = ({ brand, businessBrand, seller }) => ({
  title: 'Centro de ayuda',
  description: `Respuestas a las preguntas frecuentes sobre reembolsos, facturas, pagos, suscripciones, Team Plans y tu cuenta de ${brand}.`,
  intro: (
    <p>
      Respuestas a las preguntas que más nos hacen. Si no encuentras la tuya,{' '}
      <a href="#help-contact">escríbenos</a>.
    </p>
  ),
  sections: [
    {
      id: 'help-refunds',
      heading: 'Reembolsos',
      subsections: [
        {
          id: 'help-refund-how',
          heading: '¿Cómo obtengo el reembolso de un curso?',
          body: (
            <p>
              En un plazo de {REFUND_WINDOW_DAYS} días desde la compra, abre tu{' '}
              <PageLink to="purchaseHistory">Historial de compras</PageLink>, busca el curso y elige
              «Solicitar un reembolso». El curso desaparece de Mis cursos de inmediato y te enviamos un correo
              electrónico cuando se completa el reembolso. Encontrarás todos los detalles en nuestra{' '}
              <PageLink to="refundPolicy">Política de reembolso</PageLink>.
            </p>
          ),
        },
        {
          id: 'help-refund-when',
          heading: '¿Cuándo recibiré mi dinero?',
          body: (
            <p>
              Enviamos el reembolso a la tarjeta o al método de pago que usaste en cuanto lo solicitas.
              Normalmente aparece en tu estado de cuenta en un plazo de 5 a 10 días hábiles, según tu banco.
              La parte que pagaste con crédito de la cuenta vuelve a tu crédito de la cuenta.
            </p>
          ),
        },
        {
          id: 'help-refund-refused',
          heading: '¿Por qué no puedo solicitar un reembolso?',
          body: (
            <p>
              Un curso no se puede reembolsar pasados {REFUND_WINDOW_DAYS} días desde la compra, dos veces, si
              no se pagó nada por él (un curso gratuito o un descuento del 100 %) ni antes de que llegue su
              pago (por ejemplo, un cupón de pago sin pagar). Tu Historial de compras muestra el último día en
              que puedes solicitarlo.
            </p>
          ),
        },
        {
          id: 'help-refund-subscription',
          heading: '¿Puedo obtener el reembolso de una suscripción?',
          body: (
            <p>
              Los pagos de suscripciones no se reembolsan, salvo cuando la ley lo exija. Cancela antes de la
              próxima renovación para evitar nuevos cobros; conservas el acceso hasta el final del período ya
              pagado.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-invoices',
      heading: 'Facturas y recibos',
      subsections: [
        {
          id: 'help-invoice-where',
          heading: '¿Dónde encuentro mi factura?',
          body: (
            <p>
              En tu <PageLink to="purchaseHistory">Historial de compras</PageLink>: cada pedido de cursos y
              cada pago de suscripción tiene su factura en PDF («Descargar»), y cada reembolso, su nota de
              crédito. Los propietarios y administradores de una organización también encuentran allí las
              facturas de la organización, además de en Facturación, en el área de administración de la
              organización.
            </p>
          ),
        },
        {
          id: 'help-invoice-business',
          heading: '¿Puede mi factura mostrar mi empresa y mi número de IVA?',
          body: (
            <p>
              Sí. En los países donde se aceptan números de identificación fiscal de empresa, escribe tu
              número de IVA o GST en la compra; si la venta está sujeta a inversión del sujeto pasivo, no se
              suma IVA y la factura indica el motivo. En un Team Plan, los propietarios y administradores
              mantienen los datos de facturación y el número fiscal de la organización en Facturación. Una
              factura no se puede modificar una vez emitida: si hay un error, escríbenos indicando su número.
            </p>
          ),
        },
        {
          id: 'help-invoice-tax',
          heading: '¿Por qué se sumó un impuesto a mi compra?',
          body: (
            <p>
              El impuesto sobre las ventas, el IVA o el GST dependen de tu país de facturación (y, en Estados
              Unidos y Canadá, de tu código postal o tu provincia). La página de pago lo muestra antes de que
              pagues, y tu factura muestra cada impuesto por separado.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-payments',
      heading: 'Métodos de pago',
      subsections: [
        {
          id: 'help-payment-methods',
          heading: '¿Qué métodos de pago puedo usar?',
          body: (
            <p>
              Tarjetas en todos los países y, según tu país de facturación, Apple Pay, Google Pay, PayPal,
              compra ahora y paga después y métodos locales como iDEAL, débito directo SEPA, Boleto, Pix, OXXO
              o UPI. La página de pago muestra los métodos disponibles en tu país. Las suscripciones se pagan
              con tarjeta. Al comprar cursos, primero se usa el crédito de tu cuenta.
            </p>
          ),
        },
        {
          id: 'help-payment-declined',
          heading: '¿Por qué se rechazó mi pago?',
          body: (
            <p>
              Revisa el número de la tarjeta, la fecha de vencimiento, el código de seguridad y el país de
              facturación. Los bancos también rechazan pagos por fondos insuficientes, por tener bloqueados
              los pagos en línea o en el extranjero, o porque no se completó una verificación de seguridad
              (3-D Secure). Vuelve a intentarlo, usa otro método o consulta a tu banco. Tras varios intentos
              rechazados, la página de pago pausa los pagos con tarjeta durante un rato para proteger tu
              cuenta.
            </p>
          ),
        },
        {
          id: 'help-payment-saved',
          heading: '¿Cómo elimino una tarjeta guardada?',
          body: (
            <p>
              En la página <PageLink to="paymentSettings">Métodos de pago</PageLink>, elige «Eliminar» junto a
              la tarjeta.
            </p>
          ),
        },
        {
          id: 'help-payment-pending',
          heading: 'Mi pago está pendiente. ¿Qué hago?',
          body: (
            <p>
              Los cupones de pago (como Boleto u OXXO) y algunos pagos bancarios solo se confirman después de
              que los pagas. La página de confirmación enlaza a tu cupón; el curso estará disponible en cuanto
              llegue el pago. Un cupón que no se paga antes de su vencimiento se anula sin costo.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-subscriptions',
      heading: 'Suscripciones',
      subsections: [
        {
          id: 'help-subscription-cancel',
          heading: '¿Cómo cancelo mi suscripción?',
          body: (
            <p>
              En la página <PageLink to="manageSubscriptions">Suscripciones</PageLink>, elige «Cancelar la
              suscripción». Conservas el acceso hasta el final del período ya pagado y puedes reactivar la
              suscripción hasta entonces.
            </p>
          ),
        },
        {
          id: 'help-subscription-trial',
          heading: '¿Se me cobrará al terminar la prueba gratuita?',
          body: (
            <p>
              Sí, salvo que canceles antes de que termine la prueba. El cobro se hace a tu tarjeta cuando
              termina la prueba, y te lo recordamos por correo electrónico {TRIAL_REMINDER_DAYS} días antes.
              Cada tarjeta se puede usar para una sola prueba gratuita.
            </p>
          ),
        },
        {
          id: 'help-subscription-failed',
          heading: '¿Qué pasa si falla el pago de una renovación?',
          body: (
            <p>
              Te enviamos un correo electrónico y volvemos a intentarlo {listText('es', DUNNING_RETRY_DAYS)}{' '}
              días después de la fecha de vencimiento; mientras tanto, puedes seguir usando tu plan. Asegúrate
              de que se pueda cobrar a tu tarjeta o pregunta a tu banco por qué rechazó el pago. Si el último
              intento falla, la suscripción termina.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-team-plan',
      heading: 'Licencias del Team Plan',
      subsections: [
        {
          id: 'help-team-licenses',
          heading: '¿Cuántas licencias puede tener un Team Plan?',
          body: (
            <p>
              Entre {TEAM_PLAN_LICENSES.minimum} y {TEAM_PLAN_LICENSES.maximum}. Cada licencia permite que un
              miembro aprenda con {businessBrand}. Las organizaciones más grandes pueden consultarnos por el
              Enterprise Plan.
            </p>
          ),
        },
        {
          id: 'help-team-add',
          heading: '¿Cómo agrego licencias?',
          body: (
            <p>
              Los propietarios y administradores eligen «Agregar licencias» en Gestión de la suscripción, en
              el área de administración de la organización. Las licencias agregadas durante la prueba gratuita
              no tienen costo hasta que termina; después, pagas en ese momento el resto del período de
              facturación actual, prorrateado por días.
            </p>
          ),
        },
        {
          id: 'help-team-invite',
          heading: '¿Cómo le doy una licencia a un compañero?',
          body: (
            <p>
              En Usuarios, en el área de administración de la organización, elige «Invitar usuarios» y escribe
              su dirección de correo electrónico. Cada invitación abierta reserva una licencia; tu compañero
              la acepta desde el enlace del correo. Al quitar a un miembro, su licencia queda libre para otra
              persona. Los Team Plans se rigen por las{' '}
              <PageLink to="businessTerms">Condiciones de {businessBrand}</PageLink>.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-account',
      heading: 'Tu cuenta',
      subsections: [
        {
          id: 'help-account-access',
          heading: 'Olvidé mi contraseña o quiero cambiar mi dirección de correo electrónico',
          body: (
            <p>
              Escríbenos desde la dirección de correo electrónico de tu cuenta, para que podamos comprobar que
              la cuenta es tuya, y te ayudaremos.
            </p>
          ),
        },
        {
          id: 'help-account-delete',
          heading: '¿Cómo elimino mi cuenta?',
          body: (
            <p>
              Escríbenos desde la dirección de correo electrónico de tu cuenta. Antes, cancela cualquier
              suscripción. Eliminamos tus datos personales, salvo las facturas y los registros que las leyes
              fiscales nos obligan a conservar, como explica nuestra{' '}
              <PageLink to="privacyPolicy">Política de privacidad</PageLink>.
            </p>
          ),
        },
      ],
    },
    {
      id: 'help-contact',
      heading: 'Contacto',
      body: (
        <>
          <p>
            Escribe a <MailLink email={seller.supportEmail} /> desde la dirección de correo electrónico de tu
            cuenta. Si tu consulta es sobre una compra, indica el número de la factura o la fecha y el curso,
            para que podamos encontrarla rápidamente.
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
