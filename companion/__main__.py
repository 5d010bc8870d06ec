"""``python -m companion`` runs the same CLI as the ``companion`` script."""

from companion.cli.app import main

if __name__ == "__main__":
    main()
