// Integration tests run the real HTTP app; keep its logs out of the test output.
process.env.LOG_LEVEL ??= "silent";
