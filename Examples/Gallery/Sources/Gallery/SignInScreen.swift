import ScanoutUI

struct SignInScreen: View {
    enum Field: Hashable {
        case username
        case password
    }

    @State private var username = ""
    @State private var password = ""
    @State private var signedIn = false
    @FocusState private var focusedField: Field?

    var body: some View {
        VStack(spacing: 16) {
            if signedIn {
                Text("Welcome, \(username)!")
                    .font(.title)
            } else {
                TextField("Username", text: $username)
                    .focused($focusedField, equals: .username)
                    .submitLabel(.next)
                    .textInputAutocapitalization(.never)
                SecureField("Password", text: $password)
                    .focused($focusedField, equals: .password)
                    .submitLabel(.go)
                Button("Sign In", action: signIn)
                    .buttonStyle(.borderedProminent)
                    .disabled(username.isEmpty || password.isEmpty)
            }
        }
        .textFieldStyle(.roundedBorder)
        .onSubmit {
            switch focusedField {
            case .username: focusedField = .password
            default: signIn()
            }
        }
        .padding()
        .frame(maxWidth: 400)
    }

    private func signIn() {
        guard !username.isEmpty, !password.isEmpty else { return }
        focusedField = nil
        signedIn = true
    }
}

#Preview {
    SignInScreen()
}
