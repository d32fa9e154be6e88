import { addressOrigin, packagedAddress, vidvisorAddress } from './links.js';

const form = document.getElementById('options');
const input = document.getElementById('address');
const status = document.getElementById('status');

input.value = await vidvisorAddress();

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const address = addressOrigin(input.value);
  if (!address) {
    status.textContent = 'Enter an address that starts with https:// or http://';
    return;
  }
  await chrome.storage.sync.set({ address });
  input.value = address;
  status.textContent = `Saved: videos open on ${address}`;
});

document.getElementById('reset').addEventListener('click', async () => {
  await chrome.storage.sync.remove('address');
  input.value = await packagedAddress();
  status.textContent = `Saved: videos open on ${input.value}`;
});
