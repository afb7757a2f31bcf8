// nodemailer in the demo build: never called (the demo's mail goes to the in-memory outbox).
export default {
  createTransport() {
    throw new Error("SMTP is not available in the demo");
  },
};
