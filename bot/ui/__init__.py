"""Discord components: persistent buttons and selects, images, and posting a table's messages."""
