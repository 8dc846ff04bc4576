"""Running the bot: settings from the environment, shards and their leases, worker process pools."""
