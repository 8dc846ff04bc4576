"""Discord components: persistent buttons and selects, images, the shared table flow."""
