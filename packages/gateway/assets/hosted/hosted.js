/* global window, document, location */
// Behaviour of the sandbox's hosted pages (3-D Secure, BNPL, bank, vouchers, pay sheet).
// Loaded as a file: the pages' CSP allows no inline script.
(function () {
  'use strict';

  var framed = window.parent !== window;

  function tell(root, message) {
    var origin = root.getAttribute('data-parent-origin');
    if (framed && origin) window.parent.postMessage(message, origin);
  }

  function show(root, text) {
    var region = root.querySelector('.result');
    if (region) region.textContent = text;
  }

  function setBusy(root, busy) {
    root.querySelectorAll('button').forEach(function (button) {
      button.disabled = busy;
    });
  }

  function post(url, body) {
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) throw new Error((data.error && data.error.message) || 'Request failed');
        return data;
      });
    });
  }

  function actionPage(root) {
    var action = root.getAttribute('data-action');
    root.querySelectorAll('[data-verdict]').forEach(function (button) {
      button.disabled = false;
      button.addEventListener('click', function () {
        setBusy(root, true);
        show(root, 'One moment…');
        post('/hosted/api/actions/' + encodeURIComponent(action), {
          verdict: button.getAttribute('data-verdict'),
        })
          .then(function (data) {
            show(root, 'Done: the payment is now ' + data.status.replace(/_/g, ' ') + '.');
            if (framed) tell(root, { type: 'lectern-sandbox:action', action: action, status: data.status });
            else if (data.redirect_url) location.assign(data.redirect_url);
          })
          .catch(function (error) {
            setBusy(root, false);
            show(root, error.message);
          });
      });
    });
    var close = root.querySelector('[data-close]');
    if (close) {
      close.addEventListener('click', function () {
        if (framed) tell(root, { type: 'lectern-sandbox:close', action: action });
        else window.history.back();
      });
    }
  }

  function walletSheet(root) {
    var pay = root.querySelector('[data-wallet-pay]');
    var cancel = root.querySelector('[data-wallet-cancel]');
    pay.disabled = false;
    pay.addEventListener('click', function () {
      setBusy(root, true);
      post('/hosted/api/wallet', {
        key: root.getAttribute('data-key'),
        wallet: root.getAttribute('data-wallet'),
        card: root.querySelector('select[name=card]').value,
        name: 'Sandbox Wallet Holder',
        email: 'wallet@example.com',
      })
        .then(function (paymentMethod) {
          show(root, 'Payment method ready.');
          tell(root, { type: 'lectern-sandbox:wallet', paymentMethod: paymentMethod });
        })
        .catch(function (error) {
          setBusy(root, false);
          show(root, error.message);
        });
    });
    cancel.addEventListener('click', function () {
      tell(root, { type: 'lectern-sandbox:close' });
    });
  }

  var action = document.querySelector('[data-action]');
  if (action) actionPage(action);
  var sheet = document.querySelector('[data-wallet-sheet]');
  if (sheet) walletSheet(sheet);
})();
